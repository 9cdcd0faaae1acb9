export type { RoundOutcome } from './wakeable-loop';
export { startWorker } from './worker';
