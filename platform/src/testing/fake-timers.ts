import { afterEach, beforeEach, vi } from 'vitest';

/** A promise with its resolve, so a test decides when a piece of work ends. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * Fake timers from time 0 for each test of the calling suite, and a list for what the test starts:
 * after each test everything in it is stopped, with the timers run out so pending waits end.
 */
export function stoppedAfterEachOnFakeTimers<T extends { stop(): Promise<void> }>(): T[] {
  const started: T[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(0);
  });
  afterEach(async () => {
    const stopping = Promise.all(started.splice(0).map((item) => item.stop()));
    await vi.runAllTimersAsync();
    await stopping;
    vi.useRealTimers();
  });
  return started;
}
