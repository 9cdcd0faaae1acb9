export { type LeaseStore, startLeasedWorker } from './leased-worker';
export type { RoundOutcome } from './wakeable-loop';
export { type AttemptingWorker, attemptingWorker, startWorker, type Worker } from './worker';
