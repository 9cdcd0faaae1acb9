import { randomUUID } from 'node:crypto';
import { type RoundOutcome, WakeableLoop } from './wakeable-loop';

/** Named leases shared by the replicas of a service (relay/checkpoint-store.ts keeps them in SQL). */
export interface LeaseStore {
  /**
   * Takes or renews the lease on `name` for `leaseMs`; true while `owner` holds it. A holder
   * that stops renewing (a crashed replica) loses it when it expires.
   */
  claim(name: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Gives the lease up at once (a clean stop), so another replica takes over without waiting. */
  release(name: string, owner: string): Promise<void>;
}

export interface LeasedWorkerOptions {
  /** Names the lease: every replica starts the worker under the same name. */
  name: string;
  leases: LeaseStore;
  /** How long a claim lasts without renewal; it is renewed every third of it. */
  leaseMs: number;
  /** One round of work, run only while this replica holds the lease. */
  round: () => Promise<RoundOutcome>;
  /** A round (or a claim) failed; the loop waits and tries again. */
  onError: (error: unknown) => void;
  /** This replica has just taken the lease: what it kept from an earlier holding may be stale. */
  onAcquired?: () => void;
  pollIntervalMs: number;
  maxPollIntervalMs?: number;
  lingerMs?: number;
}

export interface LeasedWorker {
  /** Looks for work now rather than at the next poll. */
  wake(): void;
  /**
   * Runs one round now, in turn with the background loop (rounds never overlap); `none` when
   * another replica holds the lease. Rejects if the round fails.
   */
  runRound(): Promise<RoundOutcome>;
  /** Runs rounds until one finds nothing (tests and tools); rejects if a round fails. */
  drain(): Promise<void>;
  /** Lets the round in progress finish, stops the loop and gives the lease up. */
  stop(): Promise<void>;
}

/**
 * Runs rounds of work in the background on every replica, but only the replica holding the lease
 * does the work, so replicas never do it twice at once; a standby takes over when the holder
 * stops or stops renewing. The lease is claimed or renewed before a round once a third of it
 * has passed since the last claim, so a holder renews twice before the lease could expire.
 * (A holder paused past its lease may run one round the new holder also runs: the work must
 * tolerate that.)
 */
export function startLeasedWorker(options: LeasedWorkerOptions): LeasedWorker {
  const { name, leases, leaseMs } = options;
  const owner = randomUUID();
  let holding = false;
  let nextClaimAt = 0;

  async function holdsLease(): Promise<boolean> {
    if (Date.now() >= nextClaimAt) {
      const held = holding;
      holding = await leases.claim(name, owner, leaseMs);
      nextClaimAt = Date.now() + leaseMs / 3;
      if (holding && !held) options.onAcquired?.();
    }
    return holding;
  }

  // Rounds never overlap: runRound() and the background loop take turns.
  let turn: Promise<unknown> = Promise.resolve();
  function runRound(): Promise<RoundOutcome> {
    const result = turn.then(async () => ((await holdsLease()) ? options.round() : 'none'));
    turn = result.catch(() => {});
    return result;
  }

  const loop = new WakeableLoop({
    round: runRound,
    onError: options.onError,
    pollIntervalMs: options.pollIntervalMs,
    maxPollIntervalMs: options.maxPollIntervalMs,
    lingerMs: options.lingerMs,
  });
  loop.start();

  return {
    wake: () => loop.wake(),
    runRound,
    async drain() {
      while ((await runRound()) !== 'none') {}
    },
    async stop() {
      await loop.stop();
      if (holding) await leases.release(name, owner).catch(() => {});
    },
  };
}
