import { z } from 'zod';

/**
 * A questionnaire link token is `<payload>.<signature>`: the payload is base64url (no padding)
 * of the UTF-8 JSON below, readable by the page to pre-fill the form; the signature is an HMAC
 * over the payload part, made and checked only by the adviser service. Nothing read here is
 * trusted until that service has verified it.
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
  /** Expiry, in Unix seconds. */
  exp: z.int().positive(),
});

export type LinkTokenPayload = z.infer<typeof linkTokenPayloadSchema>;

export interface LinkTokenParts {
  payload: string;
  signature: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function linkTokenExpiry(issuedAtMs: number, ttlDays: number = LINK_TOKEN_TTL_DAYS): number {
  return Math.floor(issuedAtMs / 1000) + ttlDays * 24 * 60 * 60;
}

export function isLinkTokenExpired(payload: LinkTokenPayload, nowMs: number): boolean {
  return payload.exp * 1000 <= nowMs;
}

/** The payload part of a token; throws if the payload does not satisfy the schema. */
export function encodeLinkTokenPayload(payload: LinkTokenPayload): string {
  const valid = linkTokenPayloadSchema.parse(payload);
  return bytesToBase64Url(new TextEncoder().encode(JSON.stringify(valid)));
}

export function splitLinkToken(token: string): LinkTokenParts | undefined {
  if (token.length > LINK_TOKEN_MAX_LENGTH) return undefined;
  const parts = token.split('.');
  if (parts.length !== 2) return undefined;
  const [payload = '', signature = ''] = parts;
  if (!BASE64URL.test(payload) || !BASE64URL.test(signature)) return undefined;
  return { payload, signature };
}

/** Reads a token's payload without verifying it; undefined for anything malformed. */
export function decodeLinkTokenPayload(token: string): LinkTokenPayload | undefined {
  const parts = splitLinkToken(token);
  if (parts === undefined) return undefined;
  try {
    const bytes = base64UrlToBytes(parts.payload);
    if (bytes === undefined) return undefined;
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const result = linkTokenPayloadSchema.safeParse(json);
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

// btoa/atob work on "binary strings" (one char per byte), so UTF-8 goes through bytes first;
// both exist in browsers and in Node, unlike Buffer.
function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlToBytes(text: string): Uint8Array | undefined {
  if (text.length % 4 === 1) return undefined;
  const padding = '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + padding);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
