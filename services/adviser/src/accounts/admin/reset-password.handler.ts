import type { AdminAccount } from '@risk-profile/contracts';
import { httpError } from '@risk-profile/platform';
import { findAdviserBySlug } from '../../advisers/adviser-repository';
import { type AccountLinkKind, everUsedALink, issueAccountToken } from '../account-tokens';
import { recordAudit } from '../audit';
import { changeUser, emailKey } from '../user-repository';
import { accountView, findAccount } from './account-views';
import type { AccountCommand, AdminAccountsDeps } from './admin-deps';
import { sendAccountLink } from './send-account-link';

export const CANNOT_RESET_SELF_MESSAGE =
  'You cannot reset your own password here: it would sign you out with no way back in. Ask another administrator.';
export const RESET_DISABLED_MESSAGE = 'This account is disabled. Enable it before sending a password reset.';

/**
 * Ends the account's password and sessions at once and emails a link to set a new one (an
 * invitation again for an account whose holder never set a password): an administrator
 * resets an account because its password is forgotten or may be known to someone else, and
 * in the second case the old password must stop working now, not when the link is used.
 */
export async function resetPassword(
  deps: AdminAccountsDeps,
  { id, actor, correlationId }: AccountCommand & { correlationId: string },
): Promise<AdminAccount> {
  const { sql } = deps;
  const user = await findAccount(sql, id);
  if (user.id === actor.id) throw httpError.unprocessable(CANNOT_RESET_SELF_MESSAGE, 'SELF');
  if (user.disabled) throw httpError.unprocessable(RESET_DISABLED_MESSAGE, 'ACCOUNT_DISABLED');
  const kind: AccountLinkKind =
    user.passwordHash !== null || (await everUsedALink(sql, user.id)) ? 'reset' : 'invitation';
  const now = deps.clock();
  const issued = await sql.transaction(async (tx) => {
    await changeUser(tx, user.id, { passwordHash: null }, now);
    const token = await issueAccountToken(tx, user.id, kind, now);
    await recordAudit(tx, {
      at: now,
      event: kind === 'reset' ? 'password_reset_sent' : 'invitation_sent',
      email: emailKey(user.email),
      userId: user.id,
      outcome: 'success',
      actor,
    });
    return token;
  });
  deps.revocations.forget({ userId: user.id });
  const adviser = user.adviserSlug ? await findAdviserBySlug(sql, user.adviserSlug) : null;
  await sendAccountLink(deps, {
    user,
    companyName: adviser?.companyName ?? null,
    kind,
    issued,
    now,
    correlationId,
  });
  return accountView(deps, user.id);
}
