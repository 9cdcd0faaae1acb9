export {
  type LeasedWorker,
  type LeasedWorkerOptions,
  type LeaseStore,
  startLeasedWorker,
} from './leased-worker';
export { type RoundOutcome, WakeableLoop, type WakeableLoopOptions } from './wakeable-loop';
