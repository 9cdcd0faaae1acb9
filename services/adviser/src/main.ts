import { runService } from '@risk-profile/platform';
import { loadAdviserConfig } from './config';
import { createAdviserService } from './index';

// Distributed mode: this service alone in its process; the gateway proxies the adviser paths here.
await runService('adviser', 3002, (deps) => createAdviserService(deps, loadAdviserConfig()));
