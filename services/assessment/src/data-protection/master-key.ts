import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** AES-256-GCM throughout: 32-byte keys, 96-bit random IVs, 128-bit tags. */
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value: IV, ciphertext and tag, base64url, joined so one string carries all three. */
export type Sealed = string;

/**
 * Encrypts `plain` under `key`, authenticating `aad` with it: a value copied into another
 * context (another assessment's stream, another key row) no longer opens.
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

/** Parses DATA_ENCRYPTION_KEY: base64 (or base64url) of exactly 32 random bytes. */
export function parseMasterKey(value: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== KEY_BYTES || !/^[A-Za-z0-9+/_-]+=*$/.test(value.trim())) {
    throw new RangeError('DATA_ENCRYPTION_KEY must be base64 of 32 random bytes');
  }
  return key;
}

/**
 * The key from configuration, used only to wrap data keys and to derive the subject index's
 * HMAC key, each under its own HKDF label so neither use can stand in for the other. Its id is
 * stored beside every wrapped key, so a rotated master key can tell which rows it must rewrap.
 */
export class MasterKey {
  readonly id: string;
  private readonly wrapping: Buffer;
  /** HMAC-SHA256 key of the subject index (subject-index.ts). */
  readonly subjectIndexKey: Buffer;

  constructor(secret: Buffer) {
    if (secret.length !== KEY_BYTES) throw new RangeError('A master key is 32 bytes');
    const derive = (label: string, length: number) =>
      Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `risk-profile ${label}`, length));
    this.wrapping = derive('data-key wrapping v1', KEY_BYTES);
    this.subjectIndexKey = derive('subject index v1', KEY_BYTES);
    this.id = derive('key id v1', 8).toString('hex');
  }

  static fromConfig(value: string): MasterKey {
    return new MasterKey(parseMasterKey(value));
  }

  /** A new random data key for one assessment. */
  static newDataKey(): Buffer {
    return randomBytes(KEY_BYTES);
  }

  /** The data key sealed for storage, bound to the assessment it belongs to. */
  wrap(dataKey: Buffer, assessmentId: string): Sealed {
    return seal(this.wrapping, dataKey, `data-key:${assessmentId}`);
  }

  unwrap(wrapped: Sealed, assessmentId: string): Buffer {
    const key = open(this.wrapping, wrapped, `data-key:${assessmentId}`);
    if (key.length !== KEY_BYTES) throw new Error('A data key is 32 bytes');
    return key;
  }
}
