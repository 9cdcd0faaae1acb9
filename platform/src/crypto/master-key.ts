import { randomBytes } from 'node:crypto';
import { deriveKey, open, parseSecretKey, SECRET_KEY_BYTES, type Sealed, seal } from './sealed-value';

/** Parses DATA_ENCRYPTION_KEY: base64 (or base64url) of exactly 32 random bytes. */
export const parseMasterKey = (value: string): Buffer => parseSecretKey(value, 'DATA_ENCRYPTION_KEY');

/**
 * The key from configuration (DATA_ENCRYPTION_KEY), used only to wrap data keys and to derive
 * keys for other uses, each under its own HKDF label so no use can stand in for another. Its id
 * is stored beside every wrapped key, so a rotated master key can tell which rows it must rewrap.
 */
export class MasterKey {
  readonly id: string;
  private readonly secret: Buffer;
  private readonly wrapping: Buffer;

  constructor(secret: Buffer) {
    if (secret.length !== SECRET_KEY_BYTES) throw new RangeError('A master key is 32 bytes');
    this.secret = Buffer.from(secret);
    this.wrapping = this.derive('data-key wrapping v1');
    this.id = this.derive('key id v1', 8).toString('hex');
  }

  static fromConfig(value: string): MasterKey {
    return new MasterKey(parseMasterKey(value));
  }

  /** A new random data key for one data subject (an assessment, a household member). */
  static newDataKey(): Buffer {
    return randomBytes(SECRET_KEY_BYTES);
  }

  /** A key for one other use of the master key, under its own label. */
  derive(label: string, length = SECRET_KEY_BYTES): Buffer {
    return deriveKey(this.secret, label, length);
  }

  /** The data key sealed for storage, bound to the subject it belongs to. */
  wrap(dataKey: Buffer, subject: string): Sealed {
    return seal(this.wrapping, dataKey, `data-key:${subject}`);
  }

  unwrap(wrapped: Sealed, subject: string): Buffer {
    const key = open(this.wrapping, wrapped, `data-key:${subject}`);
    if (key.length !== SECRET_KEY_BYTES) throw new Error('A data key is 32 bytes');
    return key;
  }
}
