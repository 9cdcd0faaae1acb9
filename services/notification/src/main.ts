import { runService } from '@risk-profile/platform';
import { notificationConfigSchema } from './config';
import { createNotificationService, reportComposerBeside } from './index';

// Distributed mode: this service alone in its process, behind the gateway.
await runService({
  name: 'notification',
  defaultPort: 3003,
  config: notificationConfigSchema,
  // Messages are rendered in a worker thread, from the bundle built beside this one.
  create: (deps, config) =>
    createNotificationService(deps, config, { composeWorker: reportComposerBeside(import.meta.url) }),
});
