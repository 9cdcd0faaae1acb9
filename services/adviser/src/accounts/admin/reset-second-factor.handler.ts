import { httpError } from '@risk-profile/platform';
import { hasSecondFactor, removeSecondFactor } from '../mfa/second-factor-store';
import { findAccount } from './account-views';
import type { AccountCommand, AdminAccountsDeps } from './admin-deps';
import { changeAccount } from './change-account';

export const SECOND_FACTOR_RESET_MESSAGE =
  'Second factor reset. The account’s sessions have ended; it signs in with its password and sets up an app again where its role requires one.';
export const NO_SECOND_FACTOR_MESSAGE = 'This account has no second factor to reset.';
export const CANNOT_RESET_OWN_FACTOR_MESSAGE =
  'You cannot reset your own second factor here. Turn it off from your account page, or ask another administrator.';

/**
 * Removes an account's app and recovery codes (never reading them) and ends its sessions, for a
 * holder who lost their phone and codes: audited with the administrator who did it.
 */
export async function resetSecondFactor(
  deps: AdminAccountsDeps,
  { id, actor }: AccountCommand,
): Promise<void> {
  const user = await findAccount(deps.sql, id);
  if (user.id === actor.id) throw httpError.unprocessable(CANNOT_RESET_OWN_FACTOR_MESSAGE, 'SELF');
  if (!(await hasSecondFactor(deps.sql, user.id))) {
    throw httpError.conflict(NO_SECOND_FACTOR_MESSAGE, 'NO_SECOND_FACTOR');
  }
  await changeAccount(deps, {
    user,
    change: {},
    event: 'second_factor_reset',
    actor,
    alongside: async (tx) => void (await removeSecondFactor(tx, user.id)),
  });
}
