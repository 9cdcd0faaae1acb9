import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  decodeLinkTokenPayload,
  encodeLinkTokenPayload,
  isLinkTokenExpired,
  LINK_TOKEN_TTL_DAYS,
  linkTokenExpiry,
  splitLinkToken,
  type VerifiedLink,
} from '@risk-profile/contracts';

export const MIN_LINK_TOKEN_SECRET_LENGTH = 32;

/** Who the link is for; the signer adds the version and the expiry. */
export interface LinkTokenSubject {
  name: string;
  email?: string | null;
  phone?: string | null;
  adviserSlug?: string | null;
}

export type LinkTokenVerification =
  | { ok: true; link: VerifiedLink }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' };

export interface LinkTokenSigner {
  sign(subject: LinkTokenSubject): string;
  verify(token: string): LinkTokenVerification;
}

/**
 * Tokens are `<payload>.<signature>`: the payload is the contracts' base64url JSON (so the page
 * can read it), the signature base64url(HMAC-SHA256(payload part, secret)). The payload carries
 * its expiry, so a token needs no storage; the signature makes both the details and the expiry
 * tamper-evident.
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
  const signatureOf = (payloadPart: string) =>
    createHmac('sha256', secret).update(payloadPart).digest('base64url');

  return {
    sign(subject) {
      const payload = encodeLinkTokenPayload({
        v: 1,
        name: subject.name,
        ...(subject.email ? { email: subject.email } : {}),
        ...(subject.phone ? { phone: subject.phone } : {}),
        ...(subject.adviserSlug ? { adviserSlug: subject.adviserSlug } : {}),
        exp: linkTokenExpiry(clock().getTime(), ttlDays),
      });
      return `${payload}.${signatureOf(payload)}`;
    },

    verify(token) {
      const parts = splitLinkToken(token);
      if (parts === undefined) return { ok: false, reason: 'malformed' };
      // Compared as the canonical encoding: a differently padded spelling of the same bytes is refused.
      const expected = Buffer.from(signatureOf(parts.payload));
      const actual = Buffer.from(parts.signature);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
        return { ok: false, reason: 'bad-signature' };
      }
      const payload = decodeLinkTokenPayload(token);
      if (payload === undefined) return { ok: false, reason: 'malformed' };
      if (isLinkTokenExpired(payload, clock().getTime())) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        link: {
          name: payload.name,
          email: payload.email ?? null,
          phone: payload.phone ?? null,
          adviserSlug: payload.adviserSlug ?? null,
          expiresAt: new Date(payload.exp * 1000).toISOString(),
        },
      };
    },
  };
}
