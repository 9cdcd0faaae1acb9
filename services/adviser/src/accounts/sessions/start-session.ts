import type { SignInMethod, User } from '@risk-profile/contracts';
import type { SessionTokens, SqlClient, SqlExecutor } from '@risk-profile/platform';
import { recordAudit } from '../audit';
import { analystAccessOf, emailKey, type UserRecord } from '../user-repository';

/** The User-Agent is kept for the sessions list, cut to what a person reads. */
const MAX_USER_AGENT_LENGTH = 512;

export interface SessionStart {
  ip: string | null;
  userAgent: string | null;
  method: SignInMethod;
  now: Date;
  /** A session that may only set up a second factor (MFA_REQUIRED_ROLES, none set up yet). */
  mfaSetupOnly?: boolean;
  /** More writes of the same sign-in, in the session's transaction (the lock's count cleared). */
  alongside?: (tx: SqlExecutor) => Promise<void>;
}

export interface StartedSession {
  /** The session cookie's value. */
  token: string;
  sessionId: string;
  /** What the sign-in answers and /api/auth/user says. */
  user: User;
}

/** The account as the sign-in answers and /api/auth/user show it. */
export const userView = (user: UserRecord): User => ({
  id: user.id,
  email: user.email,
  role: user.role,
  name: user.name,
  adviserSlug: user.adviserSlug,
  analystAccess: analystAccessOf(user),
});

/**
 * Every sign-in ends here, whatever proved who it is (password, app code, recovery code, single
 * sign-on): the session token is issued, its row written for the sessions list and the start
 * audited, in one transaction with the row. The caller sets the cookie.
 */
export async function startSession(
  deps: { sql: SqlClient; tokens: SessionTokens },
  user: UserRecord,
  start: SessionStart,
): Promise<StartedSession> {
  const { token, claims } = deps.tokens.issue({
    id: user.id,
    role: user.role,
    email: user.email,
    name: user.name,
    adviserSlug: user.adviserSlug,
    analystAccess: analystAccessOf(user),
    sessionVersion: user.sessionVersion,
    mfaSetupOnly: start.mfaSetupOnly === true,
  });
  const expiresAt = new Date(claims.exp * 1000);
  await deps.sql.transaction(async (tx) => {
    await start.alongside?.(tx);
    // The account's rows of sessions over protect nothing and show nothing: pruned in passing.
    await tx.query(
      `WITH pruned AS (DELETE FROM auth_sessions WHERE user_id = $2 AND expires_at < $4)
       INSERT INTO auth_sessions (id, user_id, session_version, started_at, expires_at, ip, user_agent, method, mfa_setup_only)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        claims.jti,
        user.id,
        user.sessionVersion,
        start.now,
        expiresAt,
        start.ip,
        start.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
        start.method,
        start.mfaSetupOnly === true,
      ],
    );
    await recordAudit(tx, {
      at: start.now,
      event: 'session_started',
      email: emailKey(user.email),
      userId: user.id,
      ip: start.ip,
      outcome: 'success',
      detail: start.mfaSetupOnly ? `${start.method}; second factor setup only` : start.method,
    });
  });
  return { token, sessionId: claims.jti, user: userView(user) };
}
