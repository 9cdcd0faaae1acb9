/**
 * Every page the front end routes, written as TanStack Router writes a route's full path (`$name`
 * is one path segment). The one list of pages: the front end's type check holds its route tree to
 * it (frontend/src/router.tsx fails to compile when a route file is missing here, or a path here
 * has no route file), and the gateway answers exactly these paths with the page and status 200
 * (gateway/src/spa.ts); any other path gets the page's not-found view with status 404.
 */
export const PAGE_ROUTES = [
  '/',
  // An adviser's page: a route only if the adviser exists, which the gateway asks.
  '/$adviserSlug',
  '/login',
  '/privacy',
  '/security',
  '/set-password',
  // The signed-in person's two-step sign-in and sessions (any role).
  '/account',
  // The short link of an SMS; the page asks the adviser service where it leads.
  '/l/$code',
  '/assessment/$id/completed',
  '/assessment/$id/declined',
  '/adviser',
  '/adviser/links',
  '/adviser/assessments/$id',
  '/adviser/households',
  '/adviser/households/new',
  '/adviser/households/$id',
  // A household member's link to confirm the agreed profile (public; the token is the key).
  '/household-confirm',
  '/analyst',
  '/analyst/tokens',
  '/admin/login',
  '/admin/dashboard',
  '/admin/assessments',
  '/admin/assessments/$id',
  '/admin/access-log',
  '/admin/advisers',
  '/admin/data-requests',
  '/admin/analyst-queries',
  '/admin/webhooks',
] as const;

export type PageRoute = (typeof PAGE_ROUTES)[number];

/** The route whose path is one segment naming an adviser. */
export const ADVISER_PAGE_ROUTE = '/$adviserSlug' satisfies PageRoute;
