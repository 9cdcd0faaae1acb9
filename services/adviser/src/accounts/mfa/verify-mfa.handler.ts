import type { MfaVerifyBody, User } from '@risk-profile/contracts';
import { HttpError } from '@risk-profile/platform';
import { startSession } from '../sessions/start-session';
import { findUserById } from '../user-repository';
import { accountLocked, type MfaDeps } from './mfa-deps';
import type { PendingSignIn } from './pending-sign-in';
import { checkSecondFactor } from './second-factor-check';

export const SIGN_IN_EXPIRED_MESSAGE =
  'Your sign-in has expired or was started in another browser. Please sign in again with your email and password.';
export const INVALID_SIGN_IN_CODE_MESSAGE =
  'That code is not right, or it was used already. Enter the newest code from your authenticator app, or one of your recovery codes.';

/**
 * The second step of a sign-in: the browser's pending step (a right password, minutes ago, at the
 * same session version) and a code or recovery code. A wrong one counts towards the account's
 * lock; the right one starts the session.
 */
export async function verifyMfa(
  deps: MfaDeps,
  command: { pending: PendingSignIn | null; proof: MfaVerifyBody; ip: string; userAgent: string | null },
): Promise<{ user: User; token: string }> {
  const now = deps.clock();
  const expired = new HttpError(401, SIGN_IN_EXPIRED_MESSAGE, 'MFA_SIGN_IN_EXPIRED');
  if (!command.pending) throw expired;
  const user = await findUserById(deps.sql, command.pending.userId);
  if (!user || user.disabled || user.sessionVersion !== command.pending.sessionVersion) throw expired;
  const check = await checkSecondFactor({
    sql: deps.sql,
    box: deps.box,
    user,
    proof: command.proof,
    ip: command.ip,
    now,
    event: 'second_factor_check',
  });
  if (check.kind === 'locked') {
    throw accountLocked(check.retryAfterSeconds);
  }
  if (check.kind === 'refused') throw new HttpError(401, INVALID_SIGN_IN_CODE_MESSAGE, 'INVALID_CODE');
  const session = await startSession(deps, user, {
    ip: command.ip,
    userAgent: command.userAgent,
    method: check.method,
    now,
    alongside: check.settle,
  });
  return { user: session.user, token: session.token };
}
