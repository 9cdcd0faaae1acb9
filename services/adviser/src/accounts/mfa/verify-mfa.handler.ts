import type { MfaVerifyBody, User } from '@risk-profile/contracts';
import { HttpError } from '@risk-profile/platform';
import { startSession } from '../sessions/start-session';
import { accountLocked, type MfaDeps } from './mfa-deps';
import type { PendingSignIn } from './pending-sign-in';
import { withSecondFactor } from './second-factor-check';

export const SIGN_IN_EXPIRED_MESSAGE =
  'Your sign-in has expired or was started in another browser. Please sign in again with your email and password.';
export const INVALID_SIGN_IN_CODE_MESSAGE =
  'That code is not right, or it was used already. Enter the newest code from your authenticator app, or one of your recovery codes.';

/**
 * The second step of a sign-in: the browser's pending step (a right password, minutes ago, at the
 * same session version) and a code or recovery code. A wrong one counts towards the account's
 * lock; the right one starts the session, in the transaction that took the code.
 */
export async function verifyMfa(
  deps: MfaDeps,
  command: { pending: PendingSignIn | null; proof: MfaVerifyBody; ip: string; userAgent: string | null },
): Promise<{ user: User; token: string }> {
  const now = deps.clock();
  const expired = new HttpError(401, SIGN_IN_EXPIRED_MESSAGE, 'MFA_SIGN_IN_EXPIRED');
  const { pending } = command;
  if (!pending) throw expired;
  const check = await withSecondFactor({
    sql: deps.sql,
    box: deps.box,
    userId: pending.userId,
    proof: command.proof,
    ip: command.ip,
    now,
    event: 'second_factor_check',
    admits: (user) => !user.disabled && user.sessionVersion === pending.sessionVersion,
    onAccepted: (tx, user, method, clearsFailuresOf) =>
      startSession({ sql: tx, tokens: deps.tokens }, user, {
        ip: command.ip,
        userAgent: command.userAgent,
        method,
        now,
        clearsFailuresOf,
      }),
  });
  if (check.kind === 'not-admitted') throw expired;
  if (check.kind === 'locked') throw accountLocked(check.retryAfterSeconds);
  if (check.kind === 'refused') throw new HttpError(401, INVALID_SIGN_IN_CODE_MESSAGE, 'INVALID_CODE');
  return { user: check.value.user, token: check.value.token };
}
