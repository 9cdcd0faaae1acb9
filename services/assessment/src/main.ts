import { openSessions, runService } from '@risk-profile/platform';
import { assessmentProcessConfigSchema } from './config';
import { createAssessmentService } from './index';

// Distributed mode: this service alone in its process; the gateway proxies /api/assessments here.
// It reads the session cookie itself, on the session state the adviser service keeps.
await runService({
  name: 'assessment',
  defaultPort: 3001,
  config: assessmentProcessConfigSchema,
  create: async (deps, config) => {
    const sessions = await openSessions(deps.sql, {
      secret: config.SESSION_SECRET,
      publicUrl: config.PUBLIC_URL ?? 'http://localhost',
      clock: deps.clock,
    });
    return createAssessmentService(deps, config, { sessions: sessions.verifier });
  },
});
