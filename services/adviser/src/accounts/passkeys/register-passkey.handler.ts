import { randomUUID } from 'node:crypto';
import type { Passkey, RegisterPasskeyBody } from '@risk-profile/contracts';
import { HttpError, httpError, type SessionUser } from '@risk-profile/platform';
import { type RegistrationResponseJSON, verifyRegistrationResponse } from '@simplewebauthn/server';
import { recordAudit } from '../audit';
import { endSessionNow } from '../sessions/end-session-now';
import { replaceSetupSession } from '../sessions/replace-setup-session';
import { emailKey } from '../user-repository';
import type { IssuedChallenge } from './passkey-challenges';
import { PASSKEY_NOT_ADDED_MESSAGE, type PasskeyDeps, promptExpired } from './passkey-deps';
import { findPasskeyByCredential, insertPasskey } from './passkey-store';
import { PASSKEY_ALGORITHMS } from './relying-party';

export const PASSKEY_ALREADY_ADDED_MESSAGE = 'This passkey is already on an account.';

/**
 * Adds the passkey the browser created to the signed-in account, once @simplewebauthn/server has
 * checked it against this browser's challenge, the site's origin and RP ID, with user
 * verification. A session limited to setting up a second factor is swapped for a full one.
 */
export async function registerPasskey(
  deps: PasskeyDeps,
  command: {
    session: SessionUser;
    body: { name: string; response: RegisterPasskeyBody['response'] };
    challenge: IssuedChallenge | null;
    ip: string;
    userAgent: string | null;
  },
): Promise<{ passkey: Passkey; token: string | null }> {
  const { session, body, challenge } = command;
  const now = deps.clock();
  const audit = { at: now, email: emailKey(session.email), userId: session.id, ip: command.ip };
  if (!challenge || challenge.userId !== session.id) throw promptExpired(400);
  const rp = deps.relyingParty();
  const refuse = async (reason: string): Promise<never> => {
    await recordAudit(deps.sql, {
      ...audit,
      event: 'passkey_registered',
      outcome: 'failure',
      detail: reason,
    });
    throw new HttpError(400, PASSKEY_NOT_ADDED_MESSAGE, 'PASSKEY_REFUSED');
  };
  const verification = await verifyRegistrationResponse({
    response: body.response as RegistrationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    supportedAlgorithmIDs: [...PASSKEY_ALGORITHMS],
  }).catch((error: unknown) => refuse(error instanceof Error ? error.message.slice(0, 160) : 'refused'));
  if (!verification.verified) return refuse('not verified');
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  if (await findPasskeyByCredential(deps.sql, credential.id)) {
    throw httpError.conflict(PASSKEY_ALREADY_ADDED_MESSAGE, 'PASSKEY_ALREADY_ADDED');
  }
  const id = randomUUID();
  await deps.sql.transaction(async (tx) => {
    await insertPasskey(tx, {
      id,
      userId: session.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: body.name,
      now,
    });
    await recordAudit(tx, { ...audit, event: 'passkey_registered', outcome: 'success', detail: body.name });
    if (session.mfaSetupOnly) {
      await endSessionNow(tx, { id: session.sessionId, expiresAt: session.expiresAt }, now);
    }
  });
  const passkey: Passkey = { id, name: body.name, createdAt: now.toISOString(), lastUsedAt: null };
  return { passkey, token: await replaceSetupSession(deps, session, 'passkey', { ...command, now }) };
}
