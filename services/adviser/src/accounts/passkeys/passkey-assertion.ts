import type { PasskeyAssertionBody } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { findPasskeyByCredential, recordUse, type StoredPasskey } from './passkey-store';
import type { RelyingParty } from './relying-party';
import { userHandleOf } from './user-handle';

export type AssertionCheck =
  | { kind: 'accepted'; passkey: StoredPasskey }
  /** Why, in a few words for the audit (never the answer itself); the passkey when one was named. */
  | { kind: 'refused'; reason: string; passkey: StoredPasskey | null };

/** Audit details stay short: a library's message may quote what the browser sent. */
const MAX_REASON_LENGTH = 160;

/**
 * Checks a browser's assertion with @simplewebauthn/server against the stored credential it
 * names: the challenge, origin and RP ID, the signature, user verification, and a counter that
 * must move on (an authenticator whose counter goes back is a clone). The use is recorded only
 * if the counter is still what was checked, so one assertion never counts twice.
 */
export async function checkAssertion(
  sql: SqlExecutor,
  check: {
    response: PasskeyAssertionBody['response'];
    challenge: string;
    relyingParty: RelyingParty;
    /** The account that must own the passkey (second step), or null for any (passwordless). */
    userId: string | null;
    now: Date;
  },
): Promise<AssertionCheck> {
  const { response } = check;
  const passkey = await findPasskeyByCredential(sql, response.id);
  if (!passkey) return { kind: 'refused', reason: 'unknown passkey', passkey: null };
  if (check.userId !== null && passkey.userId !== check.userId) {
    return { kind: 'refused', reason: "another account's passkey", passkey: null };
  }
  // A discoverable credential names its account too; it must be the one the credential is stored under.
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== userHandleOf(passkey.userId)) {
    return { kind: 'refused', reason: 'user handle mismatch', passkey };
  }
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: check.challenge,
      expectedOrigin: check.relyingParty.origin,
      expectedRPID: check.relyingParty.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (!verification.verified) return { kind: 'refused', reason: 'signature refused', passkey };
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'refused';
    return { kind: 'refused', reason: reason.slice(0, MAX_REASON_LENGTH), passkey };
  }
  const recorded = await recordUse(sql, {
    id: passkey.id,
    seenCounter: passkey.counter,
    newCounter,
    now: check.now,
  });
  return recorded
    ? { kind: 'accepted', passkey }
    : { kind: 'refused', reason: 'used at once twice', passkey };
}
