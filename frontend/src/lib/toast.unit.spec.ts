import { describe, expect, it } from 'vitest';
import { createToastStore, TOAST_REMOVE_DELAY_MS } from './toast';

function manualTimers() {
  const timers: { callback: () => void; ms: number }[] = [];
  return {
    timers,
    options: {
      setTimer: (callback: () => void, ms: number) => timers.push({ callback, ms }),
      clearTimer: () => undefined,
    },
  };
}

describe('toast store', () => {
  it('shows at most one toast, the newest', () => {
    const store = createToastStore();
    store.show({ title: 'First' });
    store.show({ title: 'Second', variant: 'destructive' });
    expect(store.getSnapshot().map((toast) => [toast.title, toast.open])).toEqual([['Second', true]]);
  });

  it('closes a dismissed toast and removes it after 1000000 ms', () => {
    const { timers, options } = manualTimers();
    const store = createToastStore(options);
    const id = store.show({ title: 'Saved' });
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ id, open: false })]);
    expect(timers.map((timer) => timer.ms)).toEqual([TOAST_REMOVE_DELAY_MS]);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    timers[0]!.callback();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    const store = createToastStore();
    const seen: number[] = [];
    const unsubscribe = store.subscribe((toasts) => seen.push(toasts.length));
    store.show({ title: 'One' });
    unsubscribe();
    store.show({ title: 'Two' });
    expect(seen).toEqual([1]);
  });
});
