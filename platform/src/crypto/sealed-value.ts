import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** AES-256-GCM throughout: 32-byte keys, 96-bit random IVs, 128-bit tags. */
export const SECRET_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value: IV, ciphertext and tag, base64url, joined so one string carries all three. */
export type Sealed = string;

/**
 * Encrypts `plain` under `key`, authenticating `aad` with it: a value copied into another
 * context (another assessment's stream, another account's row) no longer opens.
 */
export function seal(key: Buffer, plain: Buffer, aad: string): Sealed {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

/** Opens a sealed value; throws when the key or the context is wrong or a byte was changed. */
export function open(key: Buffer, sealed: Sealed, aad: string): Buffer {
  const parts = sealed.split('.');
  if (parts.length !== 3) throw new Error('Not a sealed value');
  const [iv, body, tag] = parts.map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('Not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/** Parses a configured key: base64 (or base64url) of exactly 32 random bytes; `name` is the key's. */
export function parseSecretKey(value: string, name: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== SECRET_KEY_BYTES || !/^[A-Za-z0-9+/_-]+=*$/.test(value.trim())) {
    throw new RangeError(`${name} must be base64 of 32 random bytes`);
  }
  return key;
}

/** A 32-byte key for one use, derived from a configured key under its own HKDF label. */
export function deriveKey(secret: Buffer, label: string, length = SECRET_KEY_BYTES): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `risk-profile ${label}`, length));
}
