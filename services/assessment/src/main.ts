import { runService } from '@risk-profile/platform';
import { loadAssessmentConfig } from './config';
import { createAssessmentService } from './index';

// Distributed mode: this service alone in its process; the gateway proxies /api/assessments here.
await runService('assessment', 3001, (deps) => createAssessmentService(deps, loadAssessmentConfig()));
