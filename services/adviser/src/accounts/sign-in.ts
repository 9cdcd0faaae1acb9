import type { User } from '@risk-profile/contracts';
import type { SessionTokens, SqlClient } from '@risk-profile/platform';
import { recordAudit } from './audit';
import { clearFailures, releaseAttempt, reserveAttempt, settleFailure } from './lockout';
import { HashingBusyError, verifyPassword } from './passwords';
import { emailKey, findUserByEmail } from './user-repository';

export type SignInResult =
  | { kind: 'signed-in'; user: User; token: string }
  | { kind: 'refused' }
  | { kind: 'locked'; retryAfterSeconds: number };

/**
 * One sign-in attempt. The attempt is counted against the account before its password is checked
 * (and the count cleared by a success), so a locked account checks no password, not even the
 * right one, and attempts sent in parallel cannot all get past the lock. An unknown email, a wrong
 * password and a disabled account all come back as the same `refused` after the same bcrypt
 * work. `adminOnly` refuses other roles the same way. Throws HashingBusyError (the attempt still
 * counted) when too many password checks are waiting.
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
  const { sql, now, ip } = deps;
  const event = deps.adminOnly ? 'admin_login' : 'login';
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
  if (deps.adminOnly && user.role !== 'admin') {
    await releaseAttempt(sql, attempt);
    await recordAudit(sql, {
      at: now,
      event,
      email: key,
      userId: user.id,
      ip,
      outcome: 'refused',
      detail: 'not an administrator',
    });
    return { kind: 'refused' };
  }
  await clearFailures(sql, key, attempt);
  await recordAudit(sql, { at: now, event, email: key, userId: user.id, ip, outcome: 'success' });
  const { token } = deps.tokens.issue({
    id: user.id,
    role: user.role,
    email: user.email,
    name: user.name,
    adviserSlug: user.adviserSlug,
    sessionVersion: user.sessionVersion,
  });
  return {
    kind: 'signed-in',
    user: { id: user.id, email: user.email, role: user.role, name: user.name, adviserSlug: user.adviserSlug },
    token,
  };
}
