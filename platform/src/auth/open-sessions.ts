import type { SqlClient } from '../sql/sql-client.port';
import type { SessionVerifier } from './session.port';
import { type SessionCookie, sessionCookie } from './session-cookie';
import { SessionRevocations } from './session-revocations';
import { createSessionTokens, type SessionTokens } from './session-tokens';
import { createSessionVerifier } from './session-verifier';

export interface Sessions {
  tokens: SessionTokens;
  cookie: SessionCookie;
  revocations: SessionRevocations;
  /** Verifies the cookie and refuses ended sessions: what a service's protected routes use. */
  verifier: SessionVerifier;
}

/**
 * Everything a service needs to check sessions, from its configuration: the signing key, the
 * public URL (which decides the cookie's name and flags) and the database the session state is in.
 */
export async function openSessions(
  sql: SqlClient,
  options: { secret: string; publicUrl: string; clock?: () => Date },
): Promise<Sessions> {
  const clock = options.clock ?? (() => new Date());
  const tokens = createSessionTokens(options.secret, clock);
  const cookie = sessionCookie(options.publicUrl);
  const revocations = await SessionRevocations.create(sql, () => clock().getTime());
  return { tokens, cookie, revocations, verifier: createSessionVerifier({ tokens, cookie, revocations }) };
}

/**
 * The session verifier of a service alone in its process: it checks the cookies itself, on the
 * session state the adviser service keeps, with the process's SESSION_SECRET and PUBLIC_URL.
 */
export async function processSessionVerifier(
  deps: { sql: SqlClient; clock: () => Date },
  config: { SESSION_SECRET: string; PUBLIC_URL?: string | undefined },
): Promise<SessionVerifier> {
  const sessions = await openSessions(deps.sql, {
    secret: config.SESSION_SECRET,
    publicUrl: config.PUBLIC_URL ?? 'http://localhost',
    clock: deps.clock,
  });
  return sessions.verifier;
}
