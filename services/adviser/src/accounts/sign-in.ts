import type { User } from '@risk-profile/contracts';
import type { SessionTokens, SqlClient } from '@risk-profile/platform';
import { recordAudit } from './audit';
import { clearFailures, lockedUntil, recordFailure } from './lockout';
import { verifyPassword } from './passwords';
import { emailKey, findUserByEmail } from './user-repository';

export type SignInResult =
  | { kind: 'signed-in'; user: User; token: string }
  | { kind: 'refused' }
  | { kind: 'locked'; retryAfterSeconds: number };

/**
 * One sign-in attempt. An active lock is checked first, so not even the right password gets past
 * it; an unknown email, a wrong password and a disabled account all come back as the same
 * `refused` after the same bcrypt work. `adminOnly` refuses other roles the same way.
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
  const until = await lockedUntil(sql, key, now);
  if (until) {
    await recordAudit(sql, { at: now, event, email: key, ip, outcome: 'refused', detail: 'account locked' });
    return {
      kind: 'locked',
      retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
    };
  }
  const user = await findUserByEmail(sql, key);
  const matches = await verifyPassword(deps.password, user?.passwordHash);
  if (!user || !matches || user.disabled) {
    const detail = !user ? 'unknown email' : !matches ? 'wrong password' : 'account disabled';
    await sql.transaction(async (tx) => {
      const nowLocked = await recordFailure(tx, key, now);
      await recordAudit(tx, { at: now, event, email: key, userId: user?.id, ip, outcome: 'failure', detail });
      if (nowLocked) {
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
  await clearFailures(sql, key);
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
    user: { id: user.id, email: user.email, role: user.role, name: user.name },
    token,
  };
}
