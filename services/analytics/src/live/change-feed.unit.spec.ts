import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeFeed } from './change-feed';

describe('ChangeFeed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces the first change at once and a burst after it once, within the gap', async () => {
    vi.useFakeTimers();
    const feed = new ChangeFeed(300);
    const heard: number[] = [];
    feed.subscribe(() => heard.push(Date.now()));
    const start = Date.now();
    feed.changed();
    expect(heard).toEqual([start]);
    feed.changed();
    feed.changed();
    await vi.advanceTimersByTimeAsync(299);
    expect(heard).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(heard).toEqual([start, start + 300]);
  });

  it('stops announcing to a listener that unsubscribed', () => {
    const feed = new ChangeFeed(0);
    let heard = 0;
    const off = feed.subscribe(() => heard++);
    feed.changed();
    off();
    feed.changed();
    expect(heard).toBe(1);
  });
});
