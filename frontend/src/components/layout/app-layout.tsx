import { lazy, type ReactNode, Suspense } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// The notification region is not needed for the first paint; toasts raised before it arrives wait
// in the toast store and appear as soon as it mounts.
const Toaster = lazy(() => import('../ui/toaster').then((module) => ({ default: module.Toaster })));

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" className="app__main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </div>
  );
}
