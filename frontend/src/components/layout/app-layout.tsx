import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { toastStore } from '../../lib/toast';
import { whenIdle } from '../../lib/when-idle';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// The notification region is not needed for the first paint; toasts raised before it arrives wait
// in the toast store and appear as soon as it mounts.
const Toaster = lazy(() => import('../ui/toaster').then((module) => ({ default: module.Toaster })));

/**
 * Whether to mount the notification region: once the browser is idle after the first paint, or at
 * the first toast if one comes sooner, so that its code is not downloaded with the first screen.
 */
function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(() => toastStore.getSnapshot().length > 0);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    // A toast from a child's mount effect came before this effect could subscribe.
    if (toastStore.getSnapshot().length > 0) return want();
    const unsubscribe = toastStore.subscribe(want);
    const cancel = whenIdle(want);
    return () => {
      unsubscribe();
      cancel();
    };
  }, [wanted]);
  return wanted;
}

export function AppLayout({ children }: { children: ReactNode }) {
  const toasterWanted = useToasterWanted();
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
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </div>
  );
}
