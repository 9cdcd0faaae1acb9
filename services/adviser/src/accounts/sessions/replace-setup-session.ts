import type { SignInMethod } from '@risk-profile/contracts';
import {
  httpError,
  type SessionRevocations,
  type SessionTokens,
  type SessionUser,
  type SqlClient,
} from '@risk-profile/platform';
import { findUserById } from '../user-repository';
import { startSession } from './start-session';

/**
 * Once a second factor is on, a session that could only set one up gives way to a full one: the
 * old one, ended in the caller's transaction (endSessionNow), is dropped from this instance's
 * cache at once, and a new session starts. Answers its token, or null for a session already full.
 */
export async function replaceSetupSession(
  deps: { sql: SqlClient; tokens: SessionTokens; revocations: SessionRevocations },
  session: Pick<SessionUser, 'id' | 'sessionId' | 'mfaSetupOnly'>,
  method: SignInMethod,
  request: { ip: string | null; userAgent: string | null; now: Date },
): Promise<string | null> {
  if (!session.mfaSetupOnly) return null;
  deps.revocations.forget({ jti: session.sessionId });
  const user = await findUserById(deps.sql, session.id);
  if (!user) throw httpError.unauthorized();
  const { ip, userAgent, now } = request;
  return (await startSession(deps, user, { ip, userAgent, method, now })).token;
}
