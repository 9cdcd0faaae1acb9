import { httpError, type SessionUser } from '@risk-profile/platform';
import {
  type AuthenticatorTransport,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/server';
import { PASSKEY_PROMPT_TIMEOUT_MS } from './passkey-challenges';
import type { PasskeyDeps } from './passkey-deps';
import { passkeysOf } from './passkey-store';
import { PASSKEY_ALGORITHMS } from './relying-party';
import { userHandleBytes } from './user-handle';

/** Enough for every device a person uses, few enough that the list stays readable. */
export const MAX_PASSKEYS = 20;
export const TOO_MANY_PASSKEYS_MESSAGE = `An account can have at most ${MAX_PASSKEYS} passkeys. Remove one you no longer use first.`;

/**
 * Options to create a passkey for the signed-in account: discoverable (so it can sign in without
 * an email), user verification required (so it counts as two factors), no attestation asked
 * (no personal data about the device), the account's passkeys excluded (one per device).
 */
export async function passkeyRegistrationOptions(
  deps: PasskeyDeps,
  user: Pick<SessionUser, 'id' | 'email' | 'name'>,
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; setCookie: string }> {
  const rp = deps.relyingParty();
  const existing = await passkeysOf(deps.sql, user.id);
  if (existing.length >= MAX_PASSKEYS)
    throw httpError.conflict(TOO_MANY_PASSKEYS_MESSAGE, 'TOO_MANY_PASSKEYS');
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandleBytes(user.id),
    timeout: PASSKEY_PROMPT_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: [...PASSKEY_ALGORITHMS],
  });
  const setCookie = await deps.challenges.issue(deps.sql, {
    challenge: options.challenge,
    purpose: 'register',
    userId: user.id,
    now: deps.clock(),
  });
  return { options, setCookie };
}
