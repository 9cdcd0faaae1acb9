import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { AppLayout } from '../components/layout/app-layout';
import { Button, buttonClass } from '../components/ui/button';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <AppLayout>
      <Outlet />
    </AppLayout>
  ),
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

function NotFound() {
  return (
    <div className="page">
      <section className="card">
        <h1>Page not found</h1>
        <p>The address you followed does not match any page on this site.</p>
        <div className="row">
          <Link to="/" className={buttonClass('primary')}>
            Go to the assessment
          </Link>
        </div>
      </section>
    </div>
  );
}

/** A page that failed to render, most often a part of the site that could not be downloaded. */
function RouteError() {
  return (
    <div className="page">
      <section className="card" role="alert">
        <h1>Something went wrong</h1>
        <p>
          This page could not be shown, perhaps because the connection dropped. Your progress is saved on this
          device; reloading the page usually fixes it.
        </p>
        <div className="row">
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
        </div>
      </section>
    </div>
  );
}
