import type { UserRole } from '@risk-profile/contracts';
import { HttpError } from '@risk-profile/platform';
import type { MfaDeps } from '../mfa/mfa-deps';
import type { PasskeyChallenges } from './passkey-challenges';
import type { RelyingParty } from './relying-party';

/** What the passkey use cases run on: the second factor's deps (no TOTP box) and the passkeys' own. */
export interface PasskeyDeps extends Omit<MfaDeps, 'box'> {
  challenges: PasskeyChallenges;
  /** The site as WebAuthn names it, from PUBLIC_URL (or the product's own address). */
  relyingParty: () => RelyingParty;
  /** SSO_ONLY_ROLES: a passkey does not open them either, since leavers must lose access with IT. */
  ssoOnlyRoles: readonly UserRole[];
}

export const PASSKEY_PROMPT_EXPIRED_MESSAGE =
  'This passkey request has expired or was started in another browser. Please try again.';
export const PASSKEY_REFUSED_MESSAGE =
  'That passkey did not sign you in. It may have been removed from your account: sign in with your email and password.';
export const PASSKEY_NOT_ADDED_MESSAGE =
  'Your passkey could not be added. Please try again, with the screen lock or PIN of your device.';

/** A passkey answer without its challenge (none, used, expired, another browser's). */
export const promptExpired = (status: 400 | 401) =>
  new HttpError(status, PASSKEY_PROMPT_EXPIRED_MESSAGE, 'PASSKEY_PROMPT_EXPIRED');
export const passkeyRefused = () => new HttpError(401, PASSKEY_REFUSED_MESSAGE, 'PASSKEY_REFUSED');
