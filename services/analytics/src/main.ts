import { runService } from '@risk-profile/platform';
import { createAnalyticsService } from './index';

await runService('analytics', 3004, (deps) => createAnalyticsService(deps));
