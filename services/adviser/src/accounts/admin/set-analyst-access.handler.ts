import { httpError } from '@risk-profile/platform';
import { findAccount } from './account-views';
import type { AccountCommand, AdminAccountsDeps } from './admin-deps';
import { changeAccount } from './change-account';

export const ANALYST_ACCESS_ADMINS_ONLY_MESSAGE =
  'Analyst access is given to administrators only: an analyst has it by role, an adviser never.';

/**
 * Gives an administrator's account analyst access or takes it away. Sessions carry it, so the
 * change ends the account's sessions (as a disable does): none keeps a right taken away, and
 * the next sign-in carries one given.
 */
export async function setAnalystAccess(
  deps: AdminAccountsDeps,
  { id, analystAccess, actor }: AccountCommand & { analystAccess: boolean },
): Promise<void> {
  const user = await findAccount(deps.sql, id);
  if (user.role !== 'admin') throw httpError.conflict(ANALYST_ACCESS_ADMINS_ONLY_MESSAGE, 'NOT_AN_ADMIN');
  if (user.analystAccess === analystAccess) return;
  await changeAccount(deps, {
    user,
    change: { analystAccess },
    event: analystAccess ? 'analyst_access_given' : 'analyst_access_taken',
    actor,
  });
}
