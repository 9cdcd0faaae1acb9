import type { UserRole } from '@risk-profile/contracts';
import { httpError, type SessionUser, type SqlExecutor } from '@risk-profile/platform';
import { recordAudit } from '../audit';
import { clearFailures } from '../lockout';
import { secondFactorsOf } from '../passkeys/passkey-store';
import { emailKey, findUserById } from '../user-repository';
import { accountLocked, invalidCode, type MfaDeps, TOTP_NOT_ON_MESSAGE } from './mfa-deps';
import { withSecondFactor } from './second-factor-check';
import { hasSecondFactor, removeSecondFactor } from './second-factor-store';

export const MFA_REQUIRED_BY_POLICY_MESSAGE =
  'Your role requires a second factor, and the authenticator app is your only one, so it cannot be turned off. Add a passkey first; an administrator can reset the app if you change phones.';

const requiredByPolicy = () => httpError.conflict(MFA_REQUIRED_BY_POLICY_MESSAGE, 'MFA_REQUIRED_BY_POLICY');

/**
 * Whether turning the app off would leave an account whose role MFA_REQUIRED_ROLES names with no
 * second factor: it may go only while a passkey remains.
 */
async function leavesNoSecondFactor(
  sql: SqlExecutor,
  requiredRoles: ReadonlySet<UserRole>,
  user: { id: string; role: UserRole },
): Promise<boolean> {
  return requiredRoles.has(user.role) && !(await secondFactorsOf(sql, user.id)).includes('passkey');
}

/**
 * Turns the signed-in account's app off (its recovery codes go with it) on a current code, which
 * counts towards the account's lock like a password: a session left open cannot be stripped of
 * its factor by guessing. A role that MFA_REQUIRED_ROLES names keeps it unless a passkey remains.
 */
export async function disableTotp(
  deps: MfaDeps,
  command: { session: SessionUser; code: string; ip: string },
): Promise<void> {
  const { session } = command;
  const now = deps.clock();
  const user = await findUserById(deps.sql, session.id);
  if (!user) throw httpError.unauthorized();
  if (!(await hasSecondFactor(deps.sql, user.id)))
    throw httpError.conflict(TOTP_NOT_ON_MESSAGE, 'TOTP_NOT_ON');
  // Refused before the code is checked, so a refusal the holder cannot help counts nothing.
  if (await leavesNoSecondFactor(deps.sql, deps.requiredRoles, user)) throw requiredByPolicy();
  const check = await withSecondFactor({
    sql: deps.sql,
    box: deps.box,
    userId: user.id,
    proof: { code: command.code },
    ip: command.ip,
    now,
    event: 'second_factor_check',
    onAccepted: async (tx, locked, _method, clearsFailuresOf) => {
      // Asked again under the account's row lock, which removing a passkey takes too
      // (remove-passkey.handler.ts): of the last passkey and the app going at once, one stays.
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [locked.id]);
      if (await leavesNoSecondFactor(tx, deps.requiredRoles, locked)) throw requiredByPolicy();
      if (clearsFailuresOf) await clearFailures(tx, clearsFailuresOf, null);
      await removeSecondFactor(tx, locked.id);
      await recordAudit(tx, {
        at: now,
        event: 'totp_disabled',
        email: emailKey(locked.email),
        userId: locked.id,
        ip: command.ip,
        outcome: 'success',
      });
    },
  });
  if (check.kind === 'not-admitted') throw httpError.unauthorized();
  if (check.kind === 'locked') throw accountLocked(check.retryAfterSeconds);
  if (check.kind === 'refused') throw invalidCode();
}
