import type { SignInMethod, User } from '@risk-profile/contracts';
import type { SessionTokens, SqlClient, SqlExecutor } from '@risk-profile/platform';
import { auditInsert } from '../audit';
import { failuresCleared } from '../lockout';
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
  /**
   * The email key of an account whose counted failures (lockout.ts) this sign-in clears, written
   * by the session's own statement: a sign-in made under the account's lock, as a second step's.
   */
  clearsFailuresOf?: string | null;
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
 * sign-on): the session token is issued, and its row for the sessions list and the start's audit
 * are written by one statement (with the clearing of the lock's count, when asked), so all or
 * none in one round trip. `sql` may be the caller's transaction (the second step's, which took
 * the code); `alongside` needs a client, and runs in a transaction with the session's row. The
 * caller sets the cookie.
 */
export async function startSession(
  deps: { sql: SqlClient; tokens: SessionTokens },
  user: UserRecord,
  start: SessionStart,
): Promise<StartedSession>;
export async function startSession(
  deps: { sql: SqlExecutor; tokens: SessionTokens },
  user: UserRecord,
  start: Omit<SessionStart, 'alongside'>,
): Promise<StartedSession>;
export async function startSession(
  deps: { sql: SqlClient | SqlExecutor; tokens: SessionTokens },
  user: UserRecord,
  start: SessionStart,
): Promise<StartedSession> {
  const { alongside, ...rest } = start;
  if (alongside) {
    return (deps.sql as SqlClient).transaction(async (tx) => {
      await alongside(tx);
      return startSession({ sql: tx, tokens: deps.tokens }, user, rest);
    });
  }
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
  const session = [
    claims.jti,
    user.id,
    user.sessionVersion,
    start.now,
    new Date(claims.exp * 1000),
    start.ip,
    start.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
    start.method,
    start.mfaSetupOnly === true,
  ];
  const audit = auditInsert(
    {
      at: start.now,
      event: 'session_started',
      email: emailKey(user.email),
      userId: user.id,
      ip: start.ip,
      outcome: 'success',
      detail: start.mfaSetupOnly ? `${start.method}; second factor setup only` : start.method,
    },
    session.length + 1,
  );
  const cleared = start.clearsFailuresOf
    ? failuresCleared(start.clearsFailuresOf, null, session.length + audit.params.length + 1)
    : null;
  // The account's rows of sessions over protect nothing and show nothing: pruned in passing.
  await deps.sql.query(
    `WITH pruned AS (DELETE FROM auth_sessions WHERE user_id = $2 AND expires_at < $4),
       audited AS (${audit.text})${cleared ? `, cleared AS (${cleared.text})` : ''}
     INSERT INTO auth_sessions (id, user_id, session_version, started_at, expires_at, ip, user_agent, method, mfa_setup_only)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [...session, ...audit.params, ...(cleared?.params ?? [])],
  );
  return { token, sessionId: claims.jti, user: userView(user) };
}
