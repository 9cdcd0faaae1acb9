import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The one way this service seals a token that a link carries: base64url(format byte, nonce,
 * AES-256-GCM ciphertext, tag) of a JSON payload, under a key derived from the secret (HKDF-SHA256)
 * for one use, so a token of one kind never opens as another and its details are unreadable in a
 * proxy log or a browser history. Questionnaire links and household confirmation links use it.
 */
export interface SealedTokens {
  seal(payload: unknown): string;
  /** The payload's JSON, or why the token was refused. */
  open(token: string): { ok: true; payload: unknown } | { ok: false; reason: 'malformed' | 'tampered' };
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function sealedTokens(secret: string, options: { keyInfo: string; format: number }): SealedTokens {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), options.keyInfo, 32));
  const header = Buffer.from([options.format]);
  return {
    seal(payload) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(header);
      const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
      return Buffer.concat([header, nonce, sealed, cipher.getAuthTag()]).toString('base64url');
    },

    open(token) {
      if (!BASE64URL.test(token)) return { ok: false, reason: 'malformed' };
      const bytes = Buffer.from(token, 'base64url');
      // Only the canonical spelling of the bytes, so one token has one spelling.
      if (bytes.toString('base64url') !== token) return { ok: false, reason: 'malformed' };
      if (bytes.length <= 1 + NONCE_BYTES + TAG_BYTES || bytes[0] !== options.format) {
        return { ok: false, reason: 'malformed' };
      }
      let json: string;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(1, 1 + NONCE_BYTES), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(header);
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        json = Buffer.concat([
          decipher.update(bytes.subarray(1 + NONCE_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return { ok: false, reason: 'tampered' };
      }
      try {
        return { ok: true, payload: JSON.parse(json) };
      } catch {
        return { ok: false, reason: 'malformed' };
      }
    },
  };
}
