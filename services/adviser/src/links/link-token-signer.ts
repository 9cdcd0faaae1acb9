import {
  isLinkTokenExpired,
  LINK_TOKEN_MAX_LENGTH,
  LINK_TOKEN_TTL_DAYS,
  linkTokenExpiry,
  linkTokenPayloadSchema,
  type VerifiedLink,
} from '@risk-profile/contracts';
import { sealedTokens } from './sealed-token';

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

/**
 * The link's details (name, email, phone, the adviser's slug, the link's id and the expiry) are
 * sealed (sealed-token.ts), so a link in a proxy log or a browser history shows nothing, and any
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
  const tokens = sealedTokens(secret, { keyInfo: KEY_INFO, format: FORMAT });

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
      return tokens.seal(payload);
    },

    verify(token) {
      if (token.length > LINK_TOKEN_MAX_LENGTH) return { ok: false, reason: 'malformed' };
      if (/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'old-format' };
      const opened = tokens.open(token);
      if (!opened.ok) return opened;
      const result = linkTokenPayloadSchema.safeParse(opened.payload);
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
