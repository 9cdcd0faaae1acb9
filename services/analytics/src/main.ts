import { runService, type SessionVerifier } from '@risk-profile/platform';
import { analyticsConfigSchema } from './config';
import { createAnalyticsService } from './index';

// Until the accounts service's session verifier is wired here, no request is signed in: the
// admin endpoints answer 401 and the ingest endpoint (public) works.
const noSessions: SessionVerifier = { authenticate: async () => null };

// Distributed mode: this service alone in its process, behind the gateway.
await runService({
  name: 'analytics',
  defaultPort: 3004,
  config: analyticsConfigSchema,
  create: (deps, config) => createAnalyticsService(deps, { sessions: noSessions, config }),
});
