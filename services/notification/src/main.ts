import { runService } from '@risk-profile/platform';
import { createNotificationService } from './index';

await runService('notification', 3003, (deps) => createNotificationService(deps));
