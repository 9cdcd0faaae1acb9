import { runService } from '@risk-profile/platform';
import { adviserConfigSchema } from './config';
import { createAdviserService } from './index';

// Distributed mode: this service alone in its process; the gateway proxies the adviser paths here.
await runService({
  name: 'adviser',
  defaultPort: 3002,
  config: adviserConfigSchema,
  create: (deps, config) => createAdviserService(deps, config),
});
