import { httpError, type SessionUser } from '@risk-profile/platform';
import { recordAudit } from '../audit';
import { emailKey, findUserById } from '../user-repository';
import { accountLocked, invalidCode, type MfaDeps, TOTP_NOT_ON_MESSAGE } from './mfa-deps';
import { withSecondFactor } from './second-factor-check';
import { hasSecondFactor, removeSecondFactor } from './second-factor-store';

export const MFA_REQUIRED_BY_POLICY_MESSAGE =
  'Two-step sign-in is required for your role, so it cannot be turned off. An administrator can reset it if you change phones.';

/**
 * Turns the signed-in account's app off (its recovery codes go with it) on a current code, which
 * counts towards the account's lock like a password: a session left open cannot be stripped of
 * its factor by guessing. A role that MFA_REQUIRED_ROLES names keeps it.
 */
export async function disableTotp(
  deps: MfaDeps,
  command: { session: SessionUser; code: string; ip: string },
): Promise<void> {
  const { session } = command;
  const now = deps.clock();
  const user = await findUserById(deps.sql, session.id);
  if (!user) throw httpError.unauthorized();
  if (deps.requiredRoles.has(user.role)) {
    throw httpError.conflict(MFA_REQUIRED_BY_POLICY_MESSAGE, 'MFA_REQUIRED_BY_POLICY');
  }
  if (!(await hasSecondFactor(deps.sql, user.id)))
    throw httpError.conflict(TOTP_NOT_ON_MESSAGE, 'TOTP_NOT_ON');
  const check = await withSecondFactor({
    sql: deps.sql,
    box: deps.box,
    userId: user.id,
    proof: { code: command.code },
    ip: command.ip,
    now,
    event: 'second_factor_check',
    onAccepted: async (tx) => {
      await removeSecondFactor(tx, user.id);
      await recordAudit(tx, {
        at: now,
        event: 'totp_disabled',
        email: emailKey(user.email),
        userId: user.id,
        ip: command.ip,
        outcome: 'success',
      });
    },
  });
  if (check.kind === 'not-admitted') throw httpError.unauthorized();
  if (check.kind === 'locked') throw accountLocked(check.retryAfterSeconds);
  if (check.kind === 'refused') throw invalidCode();
}
