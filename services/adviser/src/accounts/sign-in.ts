import type { User } from '@risk-profile/contracts';
import type { SessionTokens, SqlClient } from '@risk-profile/platform';
import { type AuditEvent, recordAudit } from './audit';
import { clearFailures, releaseAttempt, reserveAttempt, settleFailure } from './lockout';
import { HashingBusyError, verifyPassword } from './passwords';
import { analystAccessOf, emailKey, findUserByEmail, type UserRecord } from './user-repository';

export type SignInResult =
  | { kind: 'signed-in'; user: User; token: string }
  | { kind: 'refused' }
  | { kind: 'locked'; retryAfterSeconds: number };

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
  const notPermitted = deps.permits(user);
  if (notPermitted) {
    await releaseAttempt(sql, attempt);
    await recordAudit(sql, {
      at: now,
      event,
      email: key,
      userId: user.id,
      ip,
      outcome: 'refused',
      detail: notPermitted,
    });
    return { kind: 'not-permitted', user };
  }
  await clearFailures(sql, key, attempt);
  if (deps.auditSuccess) {
    await recordAudit(sql, { at: now, event, email: key, userId: user.id, ip, outcome: 'success' });
  }
  return { kind: 'accepted', user };
}

/**
 * One sign-in attempt (checkPassword); `adminOnly` refuses other roles exactly as a wrong
 * password is refused.
 */
export async function signIn(deps: {
  sql: SqlClient;
  tokens: SessionTokens;
  email: string;
  password: string;
  ip: string;
  now: Date;
  adminOnly: boolean;
}): Promise<SignInResult> {
  const check = await checkPassword({
    ...deps,
    event: deps.adminOnly ? 'admin_login' : 'login',
    permits: (user) => (deps.adminOnly && user.role !== 'admin' ? 'not an administrator' : null),
    auditSuccess: true,
  });
  if (check.kind === 'not-permitted') return { kind: 'refused' };
  if (check.kind !== 'accepted') return check;
  const { user } = check;
  const { token } = deps.tokens.issue({
    id: user.id,
    role: user.role,
    email: user.email,
    name: user.name,
    adviserSlug: user.adviserSlug,
    analystAccess: analystAccessOf(user),
    sessionVersion: user.sessionVersion,
  });
  return {
    kind: 'signed-in',
    user: {
      id: user.id,
      email: user.email,
      role: user.role,
      name: user.name,
      adviserSlug: user.adviserSlug,
      analystAccess: analystAccessOf(user),
    },
    token,
  };
}
