import type { PageRoute } from '@risk-profile/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { type FileRoutesByFullPath, routeTree } from './routeTree.gen';

/*
 * The gateway answers the paths of PAGE_ROUTES (contracts) with the page and 200, any other with
 * 404: this fails to compile when a route file is not in that list, or the list names a page no
 * route file makes, so a new page cannot be missed.
 */
type WithoutTrailingSlash<P> = P extends `${infer Head}/` ? (Head extends '' ? '/' : Head) : P;
type RoutedPaths = WithoutTrailingSlash<keyof FileRoutesByFullPath>;
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies SameSet<RoutedPaths, PageRoute>;

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders only prefetch into the query cache, which already decides freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
