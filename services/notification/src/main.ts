import { processSessionVerifier, runService } from '@risk-profile/platform';
import { notificationProcessConfigSchema } from './config';
import { createNotificationService, reportComposerBeside } from './index';

// Distributed mode: this service alone in its process, behind the gateway.
await runService({
  name: 'notification',
  defaultPort: 3003,
  config: notificationProcessConfigSchema,
  // Messages are rendered in a worker thread, from the bundle built beside this one. The records'
  // endpoints check their sessions here too, on the session state the adviser service keeps.
  create: async (deps, config) =>
    createNotificationService(deps, config, {
      sessions: await processSessionVerifier(deps, config),
      composeWorker: reportComposerBeside(import.meta.url),
      // The report links in webhooks name the site as its visitors reach it.
      publicUrl: config.PUBLIC_URL ? () => config.PUBLIC_URL! : undefined,
    }),
});
