import { randomUUID } from 'node:crypto';
import type { RoundOutcome } from './wakeable-loop';
import { startWorker, type Worker, type WorkerOptions } from './worker';

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

export interface LeasedWorkerOptions extends WorkerOptions {
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
}

/** A worker whose runRound() is `none` while another replica holds the lease, and whose stop() gives it up. */
export type LeasedWorker = Worker;

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

  const worker = startWorker({
    ...options,
    round: async () => ((await holdsLease()) ? options.round() : 'none'),
  });
  return {
    ...worker,
    async stop() {
      await worker.stop();
      if (holding) await leases.release(name, owner).catch(() => {});
    },
  };
}
