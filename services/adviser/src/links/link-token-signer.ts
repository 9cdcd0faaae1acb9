import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import {
  isLinkTokenExpired,
  LINK_TOKEN_MAX_LENGTH,
  LINK_TOKEN_TTL_DAYS,
  linkTokenExpiry,
  linkTokenPayloadSchema,
  type VerifiedLink,
} from '@risk-profile/contracts';

export const MIN_LINK_TOKEN_SECRET_LENGTH = 32;

/** Who the link is for; the signer adds the version and the expiry. */
export interface LinkTokenSubject {
  name: string;
  email?: string | null;
  phone?: string | null;
  adviserSlug?: string | null;
  /** The QuestionnaireLinkRequested id, given back on verify so the draft can name its link. */
  linkId?: string | null;
}

export type LinkTokenVerification =
  | { ok: true; link: VerifiedLink }
  | { ok: false; reason: 'malformed' | 'tampered' | 'expired' | 'old-format' };

export interface LinkTokenSigner {
  sign(subject: LinkTokenSubject): string;
  verify(token: string): LinkTokenVerification;
}

/** The token's first byte. Format 1 was `<readable base64url JSON>.<HMAC>`, refused since. */
const FORMAT = 2;
/** The key is derived for this one use, so LINK_TOKEN_SECRET never seals anything else. */
const KEY_INFO = 'risk-profile questionnaire link token v2';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Tokens are base64url(format byte, nonce, AES-256-GCM ciphertext, tag): the link's details
 * (name, email, phone, the adviser's slug, the link's id and the expiry) are sealed with a key derived from the
 * secret (HKDF-SHA256), so a link in a proxy log or a browser history shows nothing, and any
 * change to a byte fails the tag. The token carries its expiry, so it needs no storage; only this
 * service can open it, and the page asks it to (POST /api/questionnaire-links/verify).
 */
export function createLinkTokenSigner(
  secret: string,
  clock: () => Date,
  options: { ttlDays?: number } = {},
): LinkTokenSigner {
  if (secret.length < MIN_LINK_TOKEN_SECRET_LENGTH) {
    throw new Error(`The link token secret must be at least ${MIN_LINK_TOKEN_SECRET_LENGTH} characters`);
  }
  const ttlDays = options.ttlDays ?? LINK_TOKEN_TTL_DAYS;
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), KEY_INFO, 32));
  const header = Buffer.from([FORMAT]);

  return {
    sign(subject) {
      const payload = linkTokenPayloadSchema.parse({
        v: 1,
        name: subject.name,
        ...(subject.email ? { email: subject.email } : {}),
        ...(subject.phone ? { phone: subject.phone } : {}),
        ...(subject.adviserSlug ? { adviserSlug: subject.adviserSlug } : {}),
        ...(subject.linkId ? { linkId: subject.linkId } : {}),
        exp: linkTokenExpiry(clock().getTime(), ttlDays),
      });
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(header);
      const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
      return Buffer.concat([header, nonce, sealed, cipher.getAuthTag()]).toString('base64url');
    },

    verify(token) {
      if (token.length > LINK_TOKEN_MAX_LENGTH) return { ok: false, reason: 'malformed' };
      if (/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'old-format' };
      if (!BASE64URL.test(token)) return { ok: false, reason: 'malformed' };
      const bytes = Buffer.from(token, 'base64url');
      // Only the canonical spelling of the bytes, so one token has one spelling.
      if (bytes.toString('base64url') !== token) return { ok: false, reason: 'malformed' };
      if (bytes.length <= 1 + NONCE_BYTES + TAG_BYTES || bytes[0] !== FORMAT) {
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
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const result = linkTokenPayloadSchema.safeParse(parsed);
      if (!result.success) return { ok: false, reason: 'malformed' };
      const payload = result.data;
      if (isLinkTokenExpired(payload, clock().getTime())) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        link: {
          name: payload.name,
          email: payload.email ?? null,
          phone: payload.phone ?? null,
          adviserSlug: payload.adviserSlug ?? null,
          linkId: payload.linkId ?? null,
          expiresAt: new Date(payload.exp * 1000).toISOString(),
        },
      };
    },
  };
}
