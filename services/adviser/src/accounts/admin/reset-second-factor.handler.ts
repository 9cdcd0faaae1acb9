import { httpError } from '@risk-profile/platform';
import type { AuditActor } from '../audit';
import { removeSecondFactor } from '../mfa/second-factor-store';
import { removePasskeys, secondFactorsOf } from '../passkeys/passkey-store';
import type { UserRecord } from '../user-repository';
import { findAccount } from './account-views';
import type { AccountCommand, AdminAccountsDeps } from './admin-deps';
import { changeAccount } from './change-account';

export const SECOND_FACTOR_RESET_MESSAGE =
  'Second factor reset. The account’s sessions have ended; it signs in with its password and sets up an app again where its role requires one.';
export const NO_SECOND_FACTOR_MESSAGE = 'This account has no second factor to reset.';
export const CANNOT_RESET_OWN_FACTOR_MESSAGE =
  'You cannot reset your own second factor here. Turn it off from your account page, or ask another administrator.';

/**
 * Removes an account's app, recovery codes and passkeys (never reading them) and ends its sessions, for a
 * holder who lost their phone and codes: audited with the administrator who did it.
 */
export async function resetSecondFactor(
  deps: AdminAccountsDeps,
  { id, actor }: AccountCommand,
): Promise<void> {
  const user = await findAccount(deps.sql, id);
  if (user.id === actor.id) throw httpError.unprocessable(CANNOT_RESET_OWN_FACTOR_MESSAGE, 'SELF');
  await removeAccountSecondFactor(deps, { user, actor });
}

/**
 * The reset itself, shared with `npm run users -- reset-second-factor` (a site with no
 * administrator left): `409 NO_SECOND_FACTOR` when the account has no confirmed app and no passkey.
 */
export async function removeAccountSecondFactor(
  deps: Parameters<typeof changeAccount>[0],
  { user, actor }: { user: Pick<UserRecord, 'id' | 'email'>; actor: AuditActor },
): Promise<void> {
  if ((await secondFactorsOf(deps.sql, user.id)).length === 0) {
    throw httpError.conflict(NO_SECOND_FACTOR_MESSAGE, 'NO_SECOND_FACTOR');
  }
  await changeAccount(deps, {
    user,
    change: {},
    event: 'second_factor_reset',
    actor,
    alongside: async (tx) => {
      await removeSecondFactor(tx, user.id);
      await removePasskeys(tx, user.id);
    },
  });
}
