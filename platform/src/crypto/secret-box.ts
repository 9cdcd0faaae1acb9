import { HttpError } from '../http/http-errors';
import { deriveKey, open, parseSecretKey, seal } from './sealed-value';

/** One kind of secret a box seals. */
export interface SecretBoxUse {
  /** The configured key's variable, for its errors: MFA_ENCRYPTION_KEY. */
  keyName: string;
  /** What the secrets are: names the derived key (`totp secret v1`) and binds each sealed value (`totp:<owner>`). */
  context: string;
  /** What cannot be set up without the key, in the 503's message, and the 503's code. */
  feature: string;
  code: string;
}

/**
 * Seals short secrets at rest (an authenticator app's, a webhook endpoint's) under a key derived
 * from a configured one, each bound to its owner: a sealed secret copied onto another owner's row
 * does not open. Without the key nothing is sealed or opened: each use answers 503.
 */
export function secretBox(configuredKey: string | undefined, use: SecretBoxUse) {
  const key = configuredKey
    ? deriveKey(parseSecretKey(configuredKey, use.keyName), `${use.context} secret v1`)
    : null;
  const required = (): Buffer => {
    if (key) return key;
    const message = `${use.feature} cannot be set up on this server yet: its ${use.keyName} is not configured.`;
    throw new HttpError(503, message, use.code);
  };
  return {
    seal: (ownerId: string, secret: string) =>
      seal(required(), Buffer.from(secret, 'utf8'), `${use.context}:${ownerId}`),
    open: (ownerId: string, sealed: string) =>
      open(required(), sealed, `${use.context}:${ownerId}`).toString('utf8'),
  };
}

export type SecretBox = ReturnType<typeof secretBox>;
