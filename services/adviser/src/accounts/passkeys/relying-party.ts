/** The site as WebAuthn names it: passkeys are bound to `id`, answers must come from `origin`. */
export interface RelyingParty {
  /** PUBLIC_URL's hostname (no port): the RP ID every passkey of the site is registered under. */
  id: string;
  /** PUBLIC_URL's origin (scheme, host and port): the only page a browser answer may come from. */
  origin: string;
  name: string;
}

export const RELYING_PARTY_NAME = 'Risk Profile';

/**
 * The relying party of the site's public address: PUBLIC_URL, or, without it, the address the
 * product already uses for itself (`http://localhost:PORT` in the one-process start). Browsers
 * allow WebAuthn on https and on localhost only, so a site reached otherwise offers no passkeys.
 */
export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: RELYING_PARTY_NAME };
}

/**
 * EdDSA, ES256 and RS256 (COSE ids): what authenticators offer. Named here because the library's
 * default adds ML-DSA-44 wherever Node's WebCrypto has it, an experimental algorithm that warns at
 * run time and that no authenticator uses yet.
 */
export const PASSKEY_ALGORITHMS: readonly number[] = [-8, -7, -257];
