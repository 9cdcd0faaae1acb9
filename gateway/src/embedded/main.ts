import { analystWorkerBeside } from '@risk-profile/analytics';
import { reportComposerBeside } from '@risk-profile/notification';
import { ConfigError } from '@risk-profile/platform';
import { startEmbedded } from './start-embedded';

// Entry of `npm start`: everything in one process on embedded adapters.
const started = performance.now();
try {
  const system = await startEmbedded(process.env, {
    handleSignals: true,
    // Reports are rendered in a worker thread, from the bundle built beside this one.
    composeWorker: reportComposerBeside(import.meta.url),
    // Analysts' queries run in a process of their own, from the bundle built beside this one.
    analystWorker: analystWorkerBeside(import.meta.url),
  });
  const { sql, eventStore, bus } = system.platform.describe;
  system.logger.info(
    { url: system.url, sql, eventStore, bus, startupMs: Math.round(performance.now() - started) },
    `Risk Profile is ready at ${system.url}`,
  );
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
