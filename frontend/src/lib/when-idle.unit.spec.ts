import { describe, expect, it } from 'vitest';
import { type IdleHost, whenIdle } from './when-idle';

/** A browser whose idle callbacks and timers run only when the test says. */
function fakeHost(withIdleCallbacks: boolean) {
  const idle = new Map<number, { callback: () => void; timeout: number }>();
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const host: IdleHost = {
    setTimeout: (callback, ms) => {
      timers.set(++next, { callback, ms });
      return next;
    },
    clearTimeout: (handle) => timers.delete(handle),
  };
  if (withIdleCallbacks) {
    host.requestIdleCallback = (callback, { timeout }) => {
      idle.set(++next, { callback, timeout });
      return next;
    };
    host.cancelIdleCallback = (handle) => idle.delete(handle);
  }
  return { host, idle, timers };
}

describe('whenIdle', () => {
  it('waits for the browser to be idle, two seconds at most', () => {
    const { host, idle, timers } = fakeHost(true);
    let runs = 0;
    whenIdle(() => runs++, host);
    expect(runs).toBe(0);
    expect(timers.size).toBe(0);
    const [pending] = [...idle.values()];
    expect(pending?.timeout).toBe(2000);
    pending?.callback();
    expect(runs).toBe(1);
  });

  it('waits half a second where the browser has no idle callbacks', () => {
    const { host, timers } = fakeHost(false);
    let runs = 0;
    whenIdle(() => runs++, host);
    const [pending] = [...timers.values()];
    expect(pending?.ms).toBe(500);
    pending?.callback();
    expect(runs).toBe(1);
  });

  it('runs nothing once cancelled', () => {
    for (const withIdleCallbacks of [true, false]) {
      const { host, idle, timers } = fakeHost(withIdleCallbacks);
      whenIdle(() => undefined, host)();
      expect(idle.size + timers.size).toBe(0);
    }
  });
});
