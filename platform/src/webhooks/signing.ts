import { createHmac, randomBytes } from 'node:crypto';

// Signatures as the Standard Webhooks specification (standardwebhooks.com) defines them, so that a
// receiver can verify our deliveries with any of its reference libraries: `v1,` + base64 of
// HMAC-SHA256 over `id.timestamp.body`, keyed with the bytes of a `whsec_` secret (ADR 0027).

const SECRET_PREFIX = 'whsec_';

// The specification asks for 24 to 64 random bytes; 32 is SHA-256's own output size, as much
// strength as the MAC can use, and still short enough to paste.
const SECRET_BYTES = 32;
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;

/** How long a rotated-out secret keeps signing beside its successor (issue 46). */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A new endpoint secret, shown to the administrator once. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

// Buffer.from(…, 'base64') skips characters it does not know, so a mistyped secret would silently
// become a different key; a secret that is not exactly base64 is refused instead.
function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error(`A webhook secret starts with ${SECRET_PREFIX}`);
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!BASE64.test(encoded)) throw new Error('A webhook secret is base64 after its prefix');
  const key = Buffer.from(encoded, 'base64');
  if (key.length < MIN_SECRET_BYTES || key.length > MAX_SECRET_BYTES) {
    throw new Error(`A webhook secret holds ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes`);
  }
  return key;
}

// The signed content is `id.timestamp.body`: a full stop in the id would let one (id, body) pair
// pass for another, and the header values must survive HTTP unchanged (the specification's advice).
const MESSAGE_ID = /^[\x21-\x2d\x2f-\x7e]{1,256}$/;

export interface WebhookMessage {
  /** Stable across every attempt and every "send again" of one event: receivers deduplicate on it. */
  readonly id: string;
  /** The time of this attempt, not of the event: it changes on each retry (replay protection). */
  readonly timestamp: Date;
  /** The exact bytes sent: a body re-serialised after signing no longer verifies. */
  readonly body: string | Uint8Array;
  /** The endpoint's secret, or its current and rotated-out secrets while both are signing. */
  readonly secret: string | readonly string[];
}

function unixSeconds(timestamp: Date): number {
  const ms = timestamp.getTime();
  if (!Number.isFinite(ms) || ms < 0) throw new Error('A webhook timestamp is a valid time after 1970');
  return Math.floor(ms / 1000);
}

/** The `webhook-signature` header value: one `v1,` signature per secret, space separated. */
export function signWebhook(message: WebhookMessage): string {
  if (!MESSAGE_ID.test(message.id)) {
    throw new Error('A webhook id is 1 to 256 printable characters without spaces or full stops');
  }
  const secrets = typeof message.secret === 'string' ? [message.secret] : message.secret;
  if (secrets.length === 0) throw new Error('A webhook is signed with at least one secret');
  const prefix = Buffer.from(`${message.id}.${unixSeconds(message.timestamp)}.`);
  const body = typeof message.body === 'string' ? Buffer.from(message.body) : message.body;
  const sign = (secret: string) => createHmac('sha256', secretKey(secret)).update(prefix).update(body);
  return secrets.map((secret) => `v1,${sign(secret).digest('base64')}`).join(' ');
}

export interface WebhookHeaders {
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
}

/** The three headers of one delivery attempt. */
export function webhookHeaders(message: WebhookMessage): WebhookHeaders {
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(unixSeconds(message.timestamp)),
    'webhook-signature': signWebhook(message),
  };
}

export interface EndpointSecrets {
  readonly secret: string;
  /** The secret replaced by the last rotation, and when it was replaced. */
  readonly previous?: { readonly secret: string; readonly rotatedAt: Date };
}

/**
 * The secrets that sign a delivery made at `now`: the current one, and the one it replaced until
 * 24 hours after the rotation, so receivers can switch secrets without dropping a delivery.
 */
export function signingSecrets(endpoint: EndpointSecrets, now: Date): readonly string[] {
  const { previous } = endpoint;
  const overlapping =
    previous !== undefined && now.getTime() < previous.rotatedAt.getTime() + SECRET_ROTATION_OVERLAP_MS;
  return overlapping ? [endpoint.secret, previous.secret] : [endpoint.secret];
}
