import { runService, type SessionVerifier } from '@risk-profile/platform';
import { createAnalyticsService, loadAnalyticsConfig } from './index';

// Until the accounts service's session verifier is wired here, no request is signed in: the
// admin endpoints answer 401 and the ingest endpoint (public) works.
const noSessions: SessionVerifier = { authenticate: async () => null };

const config = loadAnalyticsConfig();
await runService('analytics', 3004, (deps) => createAnalyticsService(deps, { sessions: noSessions, config }));
