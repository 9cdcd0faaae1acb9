import { HttpError, type SqlExecutor } from '@risk-profile/platform';
import type { PendingSignIn } from '../mfa/pending-sign-in';
import { SIGN_IN_EXPIRED_MESSAGE } from '../mfa/verify-mfa.handler';
import { findUserById, type UserRecord } from '../user-repository';

/**
 * The account whose password this browser gave minutes ago, still at the same session version
 * and enabled; otherwise the sign-in starts again (401 MFA_SIGN_IN_EXPIRED, as for a code).
 */
export async function pendingAccount(sql: SqlExecutor, pending: PendingSignIn | null): Promise<UserRecord> {
  const user = pending ? await findUserById(sql, pending.userId) : null;
  if (!user || !pending || user.disabled || user.sessionVersion !== pending.sessionVersion) {
    throw new HttpError(401, SIGN_IN_EXPIRED_MESSAGE, 'MFA_SIGN_IN_EXPIRED');
  }
  return user;
}
