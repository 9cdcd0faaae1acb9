import { randomBytes } from 'node:crypto';
import { deriveKey, open, parseSecretKey, SECRET_KEY_BYTES, type Sealed, seal } from '@risk-profile/platform';

export { open, type Sealed, seal };

const KEY_BYTES = SECRET_KEY_BYTES;

/** Parses DATA_ENCRYPTION_KEY: base64 (or base64url) of exactly 32 random bytes. */
export const parseMasterKey = (value: string): Buffer => parseSecretKey(value, 'DATA_ENCRYPTION_KEY');

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
    const derive = (label: string, length: number) => deriveKey(secret, label, length);
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
