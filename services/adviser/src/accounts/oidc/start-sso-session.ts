import type { SessionTokens, SqlClient } from '@risk-profile/platform';
import { type StartedSession, startSession } from '../sessions/start-session';
import type { UserRecord } from '../user-repository';

/**
 * The one place single sign-on starts a session: through sessions/start-session.ts like every
 * sign-in (token, the sessions list's row and `session_started` audited with method 'sso'). No
 * second factor is asked here: the organisation's provider is where staff prove theirs.
 */
export function startSsoSession(
  deps: { sql: SqlClient; tokens: SessionTokens },
  user: UserRecord,
  start: { ip: string; userAgent: string | null; now: Date },
): Promise<StartedSession> {
  return startSession(deps, user, { ...start, method: 'sso' });
}
