import { describe, expect, it, vi } from 'vitest';
import { deferred, stoppedAfterEachOnFakeTimers } from '../testing/fake-timers';
import { type RoundOutcome, WakeableLoop, type WakeableLoopOptions } from './wakeable-loop';

describe('WakeableLoop', () => {
  const loops = stoppedAfterEachOnFakeTimers<WakeableLoop>();

  /** A started loop whose rounds return `outcomes` in turn (then `none`), recording when each began. */
  function start(outcomes: RoundOutcome[], options: Partial<WakeableLoopOptions> = {}) {
    const startedAt: number[] = [];
    const errors: unknown[] = [];
    const loop = new WakeableLoop({
      round: async () => {
        startedAt.push(Date.now());
        return outcomes.shift() ?? 'none';
      },
      onError: (error) => errors.push(error),
      pollIntervalMs: 100,
      ...options,
    });
    loops.push(loop);
    loop.start();
    return { loop, startedAt, errors };
  }

  it('runs the next round at once after `more`, waits the poll interval after `some`, and doubles the wait up to the longest while rounds find nothing', async () => {
    const { startedAt } = start(['more', 'more', 'some', 'none', 'none', 'none', 'none', 'some'], {
      maxPollIntervalMs: 400,
    });
    await vi.advanceTimersByTimeAsync(1_600);
    expect(startedAt).toEqual([0, 0, 0, 100, 300, 700, 1_100, 1_500, 1_600]);
  });

  it('waits the poll interval every time when no longest interval is given', async () => {
    const { startedAt } = start(['none', 'none', 'none']);
    await vi.advanceTimersByTimeAsync(300);
    expect(startedAt).toEqual([0, 100, 200, 300]);
  });

  it('wake() cuts a wait short and starts again from the poll interval', async () => {
    const { loop, startedAt } = start(['none', 'none', 'none'], {
      pollIntervalMs: 1_000,
      maxPollIntervalMs: 60_000,
    });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(startedAt).toEqual([0, 1_000, 3_000]);
    await vi.advanceTimersByTimeAsync(10);
    loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(startedAt).toEqual([0, 1_000, 3_000, 3_010]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(startedAt).toEqual([0, 1_000, 3_000, 3_010, 4_010]);
  });

  it('keeps a wake-up that arrives during a round: the next wait is skipped', async () => {
    const busy = deferred();
    const startedAt: number[] = [];
    let rounds = 0;
    const { loop } = start([], {
      round: async () => {
        startedAt.push(Date.now());
        if (rounds++ === 0) await busy.promise;
        return 'none';
      },
      pollIntervalMs: 60_000,
    });
    await vi.advanceTimersByTimeAsync(5);
    loop.wake();
    busy.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(startedAt).toEqual([0, 5]);
  });

  it('after a wake-up, lingers before the next round when asked to', async () => {
    const { loop, startedAt } = start([], { pollIntervalMs: 60_000, lingerMs: 20 });
    await vi.advanceTimersByTimeAsync(0);
    loop.wake();
    await vi.advanceTimersByTimeAsync(19);
    expect(startedAt).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(startedAt).toEqual([0, 20]);
  });

  it('reports a round that throws and tries again after a wait, as for a round that found nothing', async () => {
    const failure = new Error('database away');
    let rounds = 0;
    const startedAt: number[] = [];
    const { errors } = start([], {
      round: async () => {
        startedAt.push(Date.now());
        if (rounds++ < 2) throw failure;
        return 'none';
      },
      maxPollIntervalMs: 1_000,
    });
    await vi.advanceTimersByTimeAsync(300);
    expect(errors).toEqual([failure, failure]);
    expect(startedAt).toEqual([0, 100, 300]);
  });

  it('stop() ends a wait at once, runs no further round and resolves only after the round in progress', async () => {
    const { loop, startedAt } = start([], { pollIntervalMs: 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    await loop.stop();
    expect(loop.running).toBe(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(startedAt).toEqual([0]);

    const busy = deferred();
    const inProgress = new WakeableLoop({
      round: () => busy.promise.then(() => 'more'),
      onError: () => {},
      pollIntervalMs: 1,
    });
    inProgress.start();
    let stopped = false;
    const stopping = inProgress.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stopped).toBe(false);
    busy.resolve();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('end() from inside a round runs no further round', async () => {
    let rounds = 0;
    const loop: WakeableLoop = new WakeableLoop({
      round: async () => {
        rounds++;
        loop.end();
        return 'more';
      },
      onError: () => {},
      pollIntervalMs: 100,
    });
    loops.push(loop);
    loop.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toBe(1);
  });

  it('stop() before start() resolves at once', async () => {
    const loop = new WakeableLoop({ round: async () => 'none', onError: () => {}, pollIntervalMs: 100 });
    await loop.stop();
    expect(loop.running).toBe(false);
  });
});
