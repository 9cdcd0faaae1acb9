import { analystWorkerBeside } from '@risk-profile/analytics';
import { reportComposerBeside } from '@risk-profile/notification';
import { startEmbedded } from '../../gateway/src/embedded/start-embedded';

// The product as `npm start` runs it, for benchmarks that compare it with and without a service:
// BENCH_WITHOUT_NOTIFICATIONS=1 leaves the notification service out; BENCH_COMPOSE_ON_LOOP=1
// renders its messages on the event loop instead of in the report composer's worker thread.
await startEmbedded(process.env, {
  handleSignals: true,
  withoutNotifications: process.env.BENCH_WITHOUT_NOTIFICATIONS === '1',
  // As `npm start`: run-ts bundles the report composer beside this entry.
  composeWorker:
    process.env.BENCH_COMPOSE_ON_LOOP === '1' ? undefined : reportComposerBeside(import.meta.url),
  analystWorker: analystWorkerBeside(import.meta.url),
});
