import { describe, expect, it, vi } from 'vitest';
import { deferred, stoppedAfterEachOnFakeTimers } from '../testing/fake-timers';
import {
  type LeasedWorker,
  type LeasedWorkerOptions,
  type LeaseStore,
  startLeasedWorker,
} from './leased-worker';
import type { RoundOutcome } from './wakeable-loop';

/** Leases in memory on the (fake) clock, recording every claim. */
class FakeLeases implements LeaseStore {
  readonly claims: Array<{ owner: string; at: number; granted: boolean }> = [];
  readonly released: string[] = [];
  private readonly held = new Map<string, { owner: string; until: number }>();
  failClaims = 0;
  failRelease = false;

  async claim(name: string, owner: string, leaseMs: number): Promise<boolean> {
    if (this.failClaims > 0) {
      this.failClaims--;
      throw new Error('lease store unavailable');
    }
    const lease = this.held.get(name);
    const granted = !lease || lease.owner === owner || lease.until < Date.now();
    if (granted) this.held.set(name, { owner, until: Date.now() + leaseMs });
    this.claims.push({ owner, at: Date.now(), granted });
    return granted;
  }

  async release(name: string, owner: string): Promise<void> {
    if (this.failRelease) throw new Error('lease store unavailable');
    if (this.held.get(name)?.owner === owner) {
      this.held.delete(name);
      this.released.push(owner);
    }
  }

  holder(name: string): string | undefined {
    const lease = this.held.get(name);
    return lease && lease.until >= Date.now() ? lease.owner : undefined;
  }
}

/** A round that notes it ran, then reports `outcome`. */
function recording(note: () => unknown, outcome: RoundOutcome): () => Promise<RoundOutcome> {
  return async () => {
    note();
    return outcome;
  };
}

describe('startLeasedWorker', () => {
  const workers = stoppedAfterEachOnFakeTimers<LeasedWorker>();

  function start(
    overrides: Partial<LeasedWorkerOptions> & Pick<LeasedWorkerOptions, 'leases'>,
  ): LeasedWorker {
    const worker = startLeasedWorker({
      name: 'job',
      leaseMs: 900,
      pollIntervalMs: 100,
      round: async () => 'some',
      onError: () => {},
      ...overrides,
    });
    workers.push(worker);
    return worker;
  }

  it('claims the lease before its first round and renews it every third of its length, not every round', async () => {
    const leases = new FakeLeases();
    const rounds: number[] = [];
    start({
      leases,
      round: async () => {
        rounds.push(Date.now());
        return 'some';
      },
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1_000]);
    expect(leases.claims.map((c) => [c.at, c.granted])).toEqual([
      [0, true],
      [300, true],
      [600, true],
      [900, true],
    ]);
  });

  it('of two workers under one name, only the holder runs rounds, and never two at once', async () => {
    const leases = new FakeLeases();
    let inside = 0;
    let mostInside = 0;
    const rounds = { first: 0, second: 0 };
    const round = (who: keyof typeof rounds) => async (): Promise<RoundOutcome> => {
      rounds[who]++;
      inside++;
      mostInside = Math.max(mostInside, inside);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inside--;
      return 'some';
    };
    start({ leases, round: round('first') });
    start({ leases, round: round('second') });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(rounds.first).toBeGreaterThan(10);
    expect(rounds.second).toBe(0);
    expect(mostInside).toBe(1);
    // The standby kept asking, every third of the lease.
    const refused = leases.claims.filter((c) => !c.granted).map((c) => c.at);
    expect(refused.length).toBeGreaterThanOrEqual(5);
  });

  it('stop() gives the lease up, so a standby takes over at its next claim rather than at expiry', async () => {
    const leases = new FakeLeases();
    const rounds: Array<[string, number]> = [];
    const acquired: number[] = [];
    const first = start({ leases, round: recording(() => rounds.push(['first', Date.now()]), 'some') });
    start({
      leases,
      round: recording(() => rounds.push(['second', Date.now()]), 'some'),
      onAcquired: () => acquired.push(Date.now()),
    });
    await vi.advanceTimersByTimeAsync(650);
    // The first renewed at 600, so its lease would run until 1 500.
    await first.stop();
    expect(leases.released).toHaveLength(1);
    expect(leases.holder('job')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(350);
    expect(rounds.filter(([who]) => who === 'second').map(([, at]) => at)).toEqual([900, 1_000]);
    expect(rounds.filter(([who, at]) => who === 'first' && at > 650)).toEqual([]);
    expect(acquired).toEqual([900]);
  });

  it('lets a standby take over once the holder stops renewing, and calls onAcquired only on taking the lease', async () => {
    const leases = new FakeLeases();
    const hung = deferred();
    let holderRounds = 0;
    const standbyRounds: number[] = [];
    const acquired: number[] = [];
    start({
      leases,
      round: async () => {
        // The holder's process stalls in its second round and renews no more.
        if (++holderRounds === 2) await hung.promise;
        return 'some';
      },
    });
    start({
      leases,
      round: recording(() => standbyRounds.push(Date.now()), 'some'),
      onAcquired: () => acquired.push(Date.now()),
    });
    await vi.advanceTimersByTimeAsync(1_500);
    // The fake lease store grants the first claim until 900 on the fake clock: the standby's
    // claims before then are refused, the first one after it is granted.
    expect(standbyRounds[0]).toBe(1_200);
    expect(acquired).toEqual([1_200]);
    hung.resolve();
  });

  it('stop() waits for the round in progress, and releases the lease only after it', async () => {
    const leases = new FakeLeases();
    const busy = deferred();
    const worker = start({ leases, round: () => busy.promise.then(() => 'some' as const) });
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    expect(leases.released).toEqual([]);
    busy.resolve();
    await stopping;
    expect(leases.released).toHaveLength(1);
  });

  it('stop() of a worker that never held the lease releases nothing, and a failed release is not an error', async () => {
    const leases = new FakeLeases();
    start({ leases });
    const standby = start({ leases });
    await vi.advanceTimersByTimeAsync(0);
    await standby.stop();
    expect(leases.released).toEqual([]);
    leases.failRelease = true;
    await workers[0]!.stop();
    expect(leases.holder('job')).toBeDefined();
  });

  it('wake() starts a round at once instead of at the next poll', async () => {
    const leases = new FakeLeases();
    const rounds: number[] = [];
    const worker = start({
      leases,
      pollIntervalMs: 60_000,
      round: recording(() => rounds.push(Date.now()), 'none'),
    });
    await vi.advanceTimersByTimeAsync(30);
    worker.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds).toEqual([0, 30]);
  });

  it('runs the next round at once while rounds report more', async () => {
    const leases = new FakeLeases();
    const outcomes: RoundOutcome[] = ['more', 'more', 'some'];
    const rounds: number[] = [];
    start({
      leases,
      pollIntervalMs: 60_000,
      round: async () => {
        rounds.push(Date.now());
        return outcomes.shift() ?? 'none';
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(rounds).toEqual([0, 0, 0]);
  });

  it('reports a failed claim or round and tries again after the poll interval', async () => {
    const leases = new FakeLeases();
    leases.failClaims = 1;
    const errors: string[] = [];
    let rounds = 0;
    start({
      leases,
      onError: (error) => errors.push((error as Error).message),
      round: async () => {
        if (rounds++ === 0) throw new Error('round failed');
        return 'some';
      },
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(errors).toEqual(['lease store unavailable', 'round failed']);
    // The failed claim is retried at the next round, not a third of the lease later.
    expect(leases.claims.map((c) => c.at)).toEqual([100]);
    expect(rounds).toBe(2);
  });

  it('runRound() and drain() take turns with the background loop; without the lease they do nothing', async () => {
    const leases = new FakeLeases();
    let inside = 0;
    let mostInside = 0;
    let pending = 5;
    const round = async (): Promise<RoundOutcome> => {
      inside++;
      mostInside = Math.max(mostInside, inside);
      await new Promise((resolve) => setTimeout(resolve, 10));
      inside--;
      if (pending === 0) return 'none';
      pending--;
      return 'some';
    };
    const holder = start({ leases, pollIntervalMs: 15, round });
    let standbyRounds = 0;
    const standby = start({ leases, round: recording(() => standbyRounds++, 'some') });
    const draining = holder.drain();
    await vi.advanceTimersByTimeAsync(500);
    await draining;
    expect(pending).toBe(0);
    expect(mostInside).toBe(1);
    expect(await standby.runRound()).toBe('none');
    await standby.drain();
    expect(standbyRounds).toBe(0);
  });

  it('drain() and runRound() reject when a round fails', async () => {
    const leases = new FakeLeases();
    let fail = 2;
    const worker = start({
      leases,
      pollIntervalMs: 60_000,
      round: async () => {
        if (fail-- > 0) throw new Error('bus unavailable');
        return 'none';
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    await expect(worker.drain()).rejects.toThrow('bus unavailable');
    expect(await worker.runRound()).toBe('none');
  });
});
