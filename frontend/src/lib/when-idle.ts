/** What whenIdle needs of the browser; the page's window unless a test gives its own. */
export interface IdleHost {
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
}

/** At most this long before the work runs even on a page that is never idle. */
const IDLE_TIMEOUT_MS = 2000;
/** Where the browser has no idle callbacks (Safari), a moment after the first paint instead. */
const FALLBACK_DELAY_MS = 500;

/**
 * Runs work the first screen does not need once the browser is idle, so that it does not compete
 * with the first paint for the network or the main thread. Returns a function that cancels it.
 */
export function whenIdle(work: () => void, host: IdleHost = window): () => void {
  if (typeof host.requestIdleCallback === 'function') {
    const handle = host.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => host.cancelIdleCallback?.(handle);
  }
  const handle = host.setTimeout(work, FALLBACK_DELAY_MS);
  return () => host.clearTimeout(handle);
}
