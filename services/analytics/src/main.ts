import { noServiceConfig, runService } from '@risk-profile/platform';
import { createAnalyticsService } from './index';

// Distributed mode: this service alone in its process, behind the gateway.
await runService({
  name: 'analytics',
  defaultPort: 3004,
  config: noServiceConfig,
  create: (deps) => createAnalyticsService(deps),
});
