import { processSessionVerifier, runService } from '@risk-profile/platform';
import { analyticsProcessConfigSchema } from './config';
import { analystWorkerBeside, createAnalyticsService } from './index';

// Distributed mode: this service alone in its process, behind the gateway. It checks the session
// cookie of its admin endpoints itself, on the session state the adviser service keeps.
await runService({
  name: 'analytics',
  defaultPort: 3004,
  config: analyticsProcessConfigSchema,
  create: async (deps, config) =>
    createAnalyticsService(deps, {
      sessions: await processSessionVerifier(deps, config),
      config,
      publicUrl: config.PUBLIC_URL,
      // Analysts' queries on chDB run in the analysts' engine, bundled beside this entry.
      analystWorker: analystWorkerBeside(import.meta.url),
    }),
});
