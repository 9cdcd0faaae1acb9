import type { TotpSetup } from '@risk-profile/contracts';
import { httpError, type SessionUser } from '@risk-profile/platform';
import { type MfaDeps, TOTP_ALREADY_ON_MESSAGE } from './mfa-deps';
import { saveUnconfirmedTotp } from './second-factor-store';
import { newTotpSecret, otpauthUri } from './totp';

/**
 * A new secret for the signed-in account's app, sealed at rest and shown only in this answer. It
 * is no factor until a code confirms it; asking again replaces one not yet confirmed.
 */
export async function setupTotp(
  deps: Pick<MfaDeps, 'sql' | 'box' | 'clock'>,
  user: Pick<SessionUser, 'id' | 'email'>,
): Promise<TotpSetup> {
  const secret = newTotpSecret();
  const saved = await saveUnconfirmedTotp(deps.sql, user.id, deps.box.seal(user.id, secret), deps.clock());
  if (!saved) throw httpError.conflict(TOTP_ALREADY_ON_MESSAGE, 'TOTP_ALREADY_ON');
  return { secret, otpauthUri: otpauthUri(secret, user.email) };
}
