import { type LeaseStore, type Logger, startLeasedWorker, type Worker } from '@risk-profile/platform';
import type { AssessmentEraser } from './eraser';

/** Assessments erased per round; a full batch runs the next round at once. */
export const RETENTION_BATCH_SIZE = 100;

/**
 * Every `intervalMs`, erases what has come to the end of its retention, in batches. Every
 * instance runs it, but only the holder of the `assessment-retention` lease works, so two
 * instances never erase the same assessment at once (and an erasure twice is harmless anyway).
 */
export function startRetentionJob(options: {
  eraser: AssessmentEraser;
  leases: LeaseStore;
  clock: () => Date;
  intervalMs: number;
  logger: Logger;
  batchSize?: number;
}): Worker {
  const batchSize = options.batchSize ?? RETENTION_BATCH_SIZE;
  return startLeasedWorker({
    name: 'assessment-retention',
    leases: options.leases,
    // Longer than any round, so the lease cannot pass to another instance mid-batch.
    leaseMs: 10 * 60_000,
    pollIntervalMs: options.intervalMs,
    round: async () => {
      const due = await options.eraser.eraseDue(options.clock(), batchSize);
      if (due > 0) options.logger.info({ assessments: due }, 'retention: assessments erased');
      return due >= batchSize ? 'more' : due > 0 ? 'some' : 'none';
    },
    onError: (error) => options.logger.error({ err: error }, 'retention sweep failed; it runs again later'),
  });
}
