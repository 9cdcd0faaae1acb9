import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { ChallengePurpose } from './passkey-challenges';
import { PASSKEY_PROMPT_TIMEOUT_MS } from './passkey-challenges';
import type { PasskeyDeps } from './passkey-deps';
import type { StoredPasskey } from './passkey-store';

/**
 * Options for `navigator.credentials.get()` with user verification required, and their challenge
 * stored for this browser. `allow` names the passkeys of a known account (the second step); none
 * lets the browser offer every discoverable passkey it holds for the site (passwordless).
 */
export async function assertionOptions(
  deps: Pick<PasskeyDeps, 'sql' | 'challenges' | 'relyingParty' | 'clock'>,
  request: { purpose: ChallengePurpose; userId: string | null; allow: readonly StoredPasskey[] },
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; setCookie: string }> {
  const options = await generateAuthenticationOptions({
    rpID: deps.relyingParty().id,
    timeout: PASSKEY_PROMPT_TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: request.allow.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports as AuthenticatorTransport[],
    })),
  });
  const setCookie = await deps.challenges.issue(deps.sql, {
    challenge: options.challenge,
    purpose: request.purpose,
    userId: request.userId,
    now: deps.clock(),
  });
  return { options, setCookie };
}
