import type { SessionCookie, SessionRevocations, SessionVerifier, SqlClient } from '@risk-profile/platform';

/** What the sessions list and its "end session" run on. */
export interface SessionRouteDeps {
  sql: SqlClient;
  sessions: SessionVerifier;
  revocations: SessionRevocations;
  cookie: SessionCookie;
  clock: () => Date;
}
