import type { AdminAccount } from '@risk-profile/contracts';
import { httpError } from '@risk-profile/platform';
import { accountView, findAccount } from './account-views';
import type { AccountCommand, AdminAccountsDeps } from './admin-deps';
import { changeAccount } from './change-account';

export const CANNOT_DISABLE_SELF_MESSAGE =
  'You cannot disable your own account. Ask another administrator to do it.';

/** Disables (ending every session at once) or enables an account. */
export async function setDisabled(
  deps: AdminAccountsDeps,
  { id, disabled, actor }: AccountCommand & { disabled: boolean },
): Promise<AdminAccount> {
  const user = await findAccount(deps.sql, id);
  if (disabled && user.id === actor.id) throw httpError.unprocessable(CANNOT_DISABLE_SELF_MESSAGE, 'SELF');
  await changeAccount(deps, {
    user,
    change: { disabled },
    event: disabled ? 'account_disabled' : 'account_enabled',
    actor,
  });
  return accountView(deps, user.id);
}
