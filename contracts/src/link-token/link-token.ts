import { z } from 'zod';

/**
 * What a questionnaire link token carries. The token itself is opaque: the adviser service seals
 * this payload (services/adviser/src/links/link-token-signer.ts) and alone opens it, when the page
 * asks it to verify the token; the page never reads a token.
 */
export const LINK_TOKEN_TTL_DAYS = 14;

/** Far longer than any real token; refuses oversized input before decoding it. */
export const LINK_TOKEN_MAX_LENGTH = 2048;

export const linkTokenPayloadSchema = z.object({
  v: z.literal(1),
  name: z.string().trim().min(1).max(200),
  email: z.email().max(254).optional(),
  phone: z.string().min(1).max(32).optional(),
  adviserSlug: z.string().min(1).max(64).optional(),
  /**
   * The QuestionnaireLinkRequested `linkId`, so the assessment made from the link names it.
   * Optional: tokens issued before it was added carry none and keep working.
   */
  linkId: z.string().min(1).max(64).optional(),
  /** Expiry, in Unix seconds. */
  exp: z.int().positive(),
});

export type LinkTokenPayload = z.infer<typeof linkTokenPayloadSchema>;

export function linkTokenExpiry(issuedAtMs: number, ttlDays: number = LINK_TOKEN_TTL_DAYS): number {
  return Math.floor(issuedAtMs / 1000) + ttlDays * 24 * 60 * 60;
}

export function isLinkTokenExpired(payload: LinkTokenPayload, nowMs: number): boolean {
  return payload.exp * 1000 <= nowMs;
}
