import type { SecondFactorMethod, User, UserRole } from '@risk-profile/contracts';
import type { SessionTokens, SqlClient } from '@risk-profile/platform';
import { type AuditEvent, recordAudit } from './audit';
import { clearFailures, releaseAttempt, reserveAttempt, settleFailure } from './lockout';
import { secondFactorsOf } from './passkeys/passkey-store';
import { HashingBusyError, verifyPassword } from './passwords';
import { startSession } from './sessions/start-session';
import { emailKey, findUserByEmail, type UserRecord } from './user-repository';

export type SignInResult =
  | { kind: 'signed-in'; user: User; token: string; mfaSetupRequired: boolean }
  /** The password was right; the second factor is still to come (no session yet). */
  | { kind: 'mfa-required'; user: UserRecord; methods: SecondFactorMethod[] }
  | { kind: 'refused' }
  /** The right password of a role that signs in only with single sign-on (SSO_ONLY_ROLES). */
  | { kind: 'sso-required' }
  | { kind: 'locked'; retryAfterSeconds: number };

/** Why checkPassword does not admit a role of SSO_ONLY_ROLES (the audit's detail). */
export const SSO_ONLY_REASON = 'single sign-on only';

export type PasswordCheck =
  | { kind: 'accepted'; user: UserRecord }
  | { kind: 'refused' }
  /** The right password of an account the caller does not admit (the attempt does not count). */
  | { kind: 'not-permitted'; user: UserRecord }
  | { kind: 'locked'; retryAfterSeconds: number };

/**
 * One password check, for a sign-in or for /clickhouse (analyst-credentials.ts). The attempt is
 * counted against the account before its password is checked (and the count cleared by a
 * success), so a locked account checks no password, not even the right one, and attempts sent in
 * parallel cannot all get past the lock. An unknown email, a wrong password and a disabled
 * account all come back as the same `refused` after the same bcrypt work. `permits` names why an
 * account with the right password is not admitted (null: admitted). Throws HashingBusyError (the
 * attempt still counted) when too many password checks are waiting.
 */
export async function checkPassword(deps: {
  sql: SqlClient;
  email: string;
  password: string;
  ip: string;
  now: Date;
  event: AuditEvent;
  permits: (user: UserRecord) => string | null;
  /** Whether a success is audited (each /clickhouse query is in the analyst query log instead). */
  auditSuccess: boolean;
  /**
   * Why a further step must succeed before this sign-in is one (the account's second factor), or
   * null. While one is pending the account's failures stay counted: only that step clears them,
   * so a known password cannot reset the count of wrong codes.
   */
  pendingStep?: (user: UserRecord) => Promise<string | null>;
}): Promise<PasswordCheck> {
  const { sql, now, ip, event } = deps;
  const key = emailKey(deps.email);
  const reservation = await reserveAttempt(sql, key, now);
  if (reservation.kind === 'locked') {
    await recordAudit(sql, { at: now, event, email: key, ip, outcome: 'refused', detail: 'account locked' });
    return {
      kind: 'locked',
      retryAfterSeconds: Math.max(1, Math.ceil((reservation.until.getTime() - now.getTime()) / 1000)),
    };
  }
  const { attempt } = reservation;
  const user = await findUserByEmail(sql, key);
  const matches = await verifyPassword(deps.password, user?.passwordHash ?? undefined).catch(
    async (error: unknown) => {
      // Unchecked, it still counts towards the lock, but as a settled failure, so the account's
      // next successful sign-in clears it like any other.
      await sql.transaction(async (tx) => {
        await settleFailure(tx, attempt);
        if (error instanceof HashingBusyError) {
          await recordAudit(tx, {
            at: now,
            event,
            email: key,
            userId: user?.id,
            ip,
            outcome: 'refused',
            detail: 'busy',
          });
        }
      });
      throw error;
    },
  );
  if (!user || !matches || user.disabled) {
    const detail = !user ? 'unknown email' : !matches ? 'wrong password' : 'account disabled';
    await sql.transaction(async (tx) => {
      await settleFailure(tx, attempt);
      await recordAudit(tx, { at: now, event, email: key, userId: user?.id, ip, outcome: 'failure', detail });
      if (reservation.locks) {
        await recordAudit(tx, {
          at: now,
          event: 'account_locked',
          email: key,
          userId: user?.id,
          ip,
          outcome: 'success',
        });
      }
    });
    return { kind: 'refused' };
  }
  const audit = { at: now, event, email: key, userId: user.id, ip };
  const notPermitted = deps.permits(user);
  if (notPermitted) {
    await releaseAttempt(sql, attempt);
    await recordAudit(sql, { ...audit, outcome: 'refused', detail: notPermitted });
    return { kind: 'not-permitted', user };
  }
  const pending = (await deps.pendingStep?.(user)) ?? null;
  if (pending) await releaseAttempt(sql, attempt);
  else await clearFailures(sql, key, attempt);
  if (deps.auditSuccess) await recordAudit(sql, { ...audit, outcome: 'success', detail: pending });
  return { kind: 'accepted', user };
}

/**
 * One sign-in attempt (checkPassword); `adminOnly` refuses other roles exactly as a wrong
 * password is refused. An account with a second factor gets no session yet, only the pending
 * step (`mfa-required`); one whose role must have a factor and has none gets a session that may
 * only set one up.
 */
export async function signIn(deps: {
  sql: SqlClient;
  tokens: SessionTokens;
  email: string;
  password: string;
  ip: string;
  userAgent: string | null;
  now: Date;
  adminOnly: boolean;
  mfaRequiredRoles: ReadonlySet<UserRole>;
  /** Roles told to sign in with their organisation, after the right password only (SSO_ONLY_ROLES). */
  ssoOnlyRoles?: readonly UserRole[];
}): Promise<SignInResult> {
  let methods: SecondFactorMethod[] = [];
  const check = await checkPassword({
    ...deps,
    event: deps.adminOnly ? 'admin_login' : 'login',
    permits: (user) =>
      deps.adminOnly && user.role !== 'admin'
        ? 'not an administrator'
        : deps.ssoOnlyRoles?.includes(user.role)
          ? SSO_ONLY_REASON
          : null,
    auditSuccess: true,
    pendingStep: async (user) => {
      methods = await secondFactorsOf(deps.sql, user.id);
      return methods.length > 0 ? 'second factor pending' : null;
    },
  });
  if (check.kind === 'not-permitted') {
    return deps.adminOnly && check.user.role !== 'admin' ? { kind: 'refused' } : { kind: 'sso-required' };
  }
  if (check.kind !== 'accepted') return check;
  const { user } = check;
  if (methods.length > 0) return { kind: 'mfa-required', user, methods };
  const mfaSetupOnly = deps.mfaRequiredRoles.has(user.role);
  const session = await startSession(deps, user, {
    ip: deps.ip,
    userAgent: deps.userAgent,
    method: 'password',
    now: deps.now,
    mfaSetupOnly,
  });
  return { kind: 'signed-in', user: session.user, token: session.token, mfaSetupRequired: mfaSetupOnly };
}
