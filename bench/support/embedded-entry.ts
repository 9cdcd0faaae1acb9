import { startEmbedded } from '../../gateway/src/embedded/start-embedded';

// The product as `npm start` runs it, for benchmarks that compare it with and without a service:
// BENCH_WITHOUT_NOTIFICATIONS=1 leaves the notification service out.
await startEmbedded(process.env, {
  handleSignals: true,
  withoutNotifications: process.env.BENCH_WITHOUT_NOTIFICATIONS === '1',
});
