import { runService } from '@risk-profile/platform';
import { notificationConfigSchema } from './config';
import { createNotificationService } from './index';

// Distributed mode: this service alone in its process, behind the gateway.
await runService({
  name: 'notification',
  defaultPort: 3003,
  config: notificationConfigSchema,
  create: (deps, config) => createNotificationService(deps, config),
});
