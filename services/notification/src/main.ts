import { noServiceConfig, runService } from '@risk-profile/platform';
import { createNotificationService } from './index';

// Distributed mode: this service alone in its process, behind the gateway.
await runService({
  name: 'notification',
  defaultPort: 3003,
  config: noServiceConfig,
  create: (deps) => createNotificationService(deps),
});
