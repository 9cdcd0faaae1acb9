export { type LeaseStore, startLeasedWorker } from './leased-worker';
export type { RoundOutcome } from './wakeable-loop';
export { startWorker, type Worker } from './worker';
