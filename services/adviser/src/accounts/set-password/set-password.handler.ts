import { HttpError, httpError, type SqlExecutor } from '@risk-profile/platform';
import {
  isAccountTokenShape,
  lockAccountToken,
  markAccountTokenUsed,
  type TokenVerdict,
  tokenVerdict,
} from '../account-tokens';
import type { AdminAccountsDeps } from '../admin/admin-deps';
import { recordAudit } from '../audit';
import { hashPassword, weakPasswordReason } from '../passwords';
import { changeUser, emailKey, findUserById } from '../user-repository';

export const INVALID_LINK_MESSAGE =
  'This link is not valid. Open the whole link from the email, or ask your administrator for a new one.';
export const LINK_REFUSED_MESSAGES: Readonly<Record<Exclude<TokenVerdict, 'usable'>, string>> = {
  used: 'This link has already been used. Sign in with the password you set, or ask your administrator for a new link.',
  replaced: 'A newer link was sent for this account. Please use the link in the most recent email.',
  expired: 'This link has expired: links work for 72 hours. Ask your administrator for a new one.',
};
export const LINK_ACCOUNT_DISABLED_MESSAGE = 'This account is disabled. Please contact your administrator.';

export interface SetPassword {
  token: string;
  password: string;
  ip: string;
}

/**
 * Sets the password with a link's token: once, within 72 hours, and only the newest link of
 * the account. The token is checked before the (costly) hashing, and again under the row's
 * lock, so two uses at once cannot both succeed. Every earlier session of the account ends.
 */
export async function setPassword(
  deps: Pick<AdminAccountsDeps, 'sql' | 'clock' | 'revocations'>,
  { token, password, ip }: SetPassword,
): Promise<void> {
  if (!isAccountTokenShape(token)) throw httpError.badRequest(INVALID_LINK_MESSAGE);
  const check = async (tx: SqlExecutor) => {
    const stored = await lockAccountToken(tx, token);
    if (!stored) throw httpError.badRequest(INVALID_LINK_MESSAGE);
    const verdict = tokenVerdict(stored, deps.clock());
    if (verdict !== 'usable')
      throw new HttpError(410, LINK_REFUSED_MESSAGES[verdict], `LINK_${verdict.toUpperCase()}`);
    const user = await findUserById(tx, stored.userId);
    if (!user || user.disabled) throw new HttpError(410, LINK_ACCOUNT_DISABLED_MESSAGE, 'ACCOUNT_DISABLED');
    return { stored, user };
  };
  await check(deps.sql);
  const weak = weakPasswordReason(password);
  if (weak) throw httpError.badRequest(weak);
  const passwordHash = await hashPassword(password);
  const userId = await deps.sql.transaction(async (tx) => {
    const { stored, user } = await check(tx);
    const now = deps.clock();
    await changeUser(tx, user.id, { passwordHash }, now);
    await markAccountTokenUsed(tx, stored.hash, now);
    await recordAudit(tx, {
      at: now,
      event: 'password_set',
      email: emailKey(user.email),
      userId: user.id,
      ip,
      outcome: 'success',
      detail: stored.kind,
    });
    return user.id;
  });
  deps.revocations.forget({ userId });
}
