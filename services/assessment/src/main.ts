import { runService } from '@risk-profile/platform';
import { assessmentConfigSchema } from './config';
import { createAssessmentService } from './index';

// Distributed mode: this service alone in its process; the gateway proxies /api/assessments here.
await runService({
  name: 'assessment',
  defaultPort: 3001,
  config: assessmentConfigSchema,
  create: (deps, config) => createAssessmentService(deps, config),
});
