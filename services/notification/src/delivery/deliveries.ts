import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '@risk-profile/platform';
import { recipientKey } from './recipient-key';

export type DeliveryKind =
  | 'adviser-report'
  | 'client-report'
  | 'client-sms'
  | 'link-email'
  | 'link-sms'
  | 'account-email'
  | 'household-confirm-email'
  | 'household-confirm-sms'
  | 'household-report'
  | 'webhook-alert-email';
export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'suppressed';

export interface NewDelivery {
  eventId: string;
  recipientRole: 'adviser' | 'client';
  kind: DeliveryKind;
  recipient: string;
  /** The event's data the message is rendered from. */
  content: unknown;
  /** The assessment a report delivery is of (the records join on it). */
  assessmentId?: string | null;
  /** The link a link message carries (its erasure finds the message by it). */
  linkId?: string | null;
  /** A report sent again on request, and who asked (their email). */
  resend?: boolean;
  requestedBy?: string | null;
  /**
   * A household message: the household, the member it goes to (one event asks for one per
   * member, so the member is part of the delivery's key) and that member's assessment, by which
   * the member's erasure finds it.
   */
  household?: { householdId: string; memberId: string | null; memberAssessmentId: string | null };
}

/** The columns a delivery and its row name alike. */
interface DeliveryColumns {
  id: string;
  kind: DeliveryKind;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  content: unknown;
  status: DeliveryStatus;
  attempts: number;
}

export interface Delivery extends DeliveryColumns {
  eventId: string;
  recipientRole: 'adviser' | 'client';
  nextAttemptAt: Date;
  lastError: string | null;
  providerMessageId: string | null;
  createdAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
  purgedAt: Date | null;
}

interface DeliveryRow extends DeliveryColumns {
  event_id: string;
  recipient_role: 'adviser' | 'client';
  next_attempt_at: Date | string;
  last_error: string | null;
  provider_message_id: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  failed_at: Date | string | null;
  purged_at: Date | string | null;
}

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  eventId: row.event_id,
  recipientRole: row.recipient_role,
  kind: row.kind,
  channel: row.channel,
  recipient: row.recipient,
  subject: row.subject,
  content: typeof row.content === 'string' ? JSON.parse(row.content) : row.content,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: new Date(row.next_attempt_at),
  lastError: row.last_error,
  providerMessageId: row.provider_message_id,
  createdAt: new Date(row.created_at),
  sentAt: date(row.sent_at),
  failedAt: date(row.failed_at),
  purgedAt: date(row.purged_at),
});

export const channelOf = (kind: DeliveryKind): 'email' | 'sms' =>
  kind === 'client-sms' || kind === 'link-sms' || kind === 'household-confirm-sms' ? 'sms' : 'email';

const COLUMNS = `id, event_id, recipient_role, kind, channel, recipient, subject, content, status, attempts,
  next_attempt_at, last_error, provider_message_id, created_at, sent_at, failed_at, purged_at`;

/**
 * Records the deliveries an event asks for, in the consumer's transaction; a delivery already
 * recorded for the event and role is left as it is. Returns how many were new.
 */
export async function recordDeliveries(
  tx: SqlExecutor,
  deliveries: readonly NewDelivery[],
  now: Date,
): Promise<number> {
  let recorded = 0;
  // A statement per 1,000 deliveries (15,000 parameters; PostgreSQL takes at most 65,535).
  for (let i = 0; i < deliveries.length; i += RECORD_CHUNK) {
    recorded += await recordChunk(tx, deliveries.slice(i, i + RECORD_CHUNK), now);
  }
  return recorded;
}

const RECORD_CHUNK = 1_000;

/** A new row's first columns, as both inserts list them: id, event_id, recipient_role, kind, channel, recipient. */
const newRowHead = (d: Pick<NewDelivery, 'eventId' | 'recipientRole' | 'kind' | 'recipient'>) =>
  [randomUUID(), d.eventId, d.recipientRole, d.kind, channelOf(d.kind), d.recipient] as const;

async function recordChunk(tx: SqlExecutor, deliveries: readonly NewDelivery[], now: Date): Promise<number> {
  // One statement for the lot: a consumer batch records all its events' deliveries at once. A
  // row of parameters per delivery rather than arrays: an array literal would escape every quote
  // of the content's JSON, and PostgreSQL would parse it back character by character.
  const params: unknown[] = [now.toISOString()];
  const rows = deliveries.map((d) => {
    const n = params.push(
      ...newRowHead(d),
      recipientKey(d.recipient),
      JSON.stringify(d.content),
      d.assessmentId ?? null,
      d.resend ?? false,
      d.requestedBy ?? null,
      d.linkId ?? null,
      d.household?.householdId ?? null,
      d.household?.memberId ?? null,
      d.household?.memberAssessmentId ?? null,
    );
    const p = (i: number) => `$${n - 14 + i}`;
    return `(${p(0)}::uuid, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}::jsonb, ${p(8)}::uuid, ${p(9)}::boolean, ${p(10)}, ${p(11)}, ${p(12)}::uuid, ${p(13)}::uuid, ${p(14)}::uuid, 'pending', $1::timestamptz, $1::timestamptz)`;
  });
  const { rowCount } = await tx.query(
    `INSERT INTO notification_deliveries
       (id, event_id, recipient_role, kind, channel, recipient, recipient_key, content, assessment_id, resend, requested_by,
        link_id, household_id, household_member_id, member_assessment_id, status, next_attempt_at, created_at)
     VALUES ${rows.join(', ')}
     ON CONFLICT ON CONSTRAINT notification_deliveries_once DO NOTHING`,
    params,
  );
  return rowCount;
}

/**
 * A delivery that is never attempted, with the reason: `failed` when it cannot be (no address was
 * recorded), `suppressed` when it must not be (the recipient's daily cap of client copies).
 */
export async function recordUndeliverable(
  tx: SqlExecutor,
  d: Omit<NewDelivery, 'content'> & { reason: string },
  now: Date,
  status: 'failed' | 'suppressed' = 'failed',
): Promise<void> {
  await tx.query(
    `INSERT INTO notification_deliveries
       (id, event_id, recipient_role, kind, channel, recipient, recipient_key, status, next_attempt_at, created_at, failed_at, last_error,
        assessment_id)
     VALUES ($1, $2, $3, $4, $5, $6, $10, $9, $7, $7, CASE WHEN $9 = 'failed' THEN $7::timestamptz END, $8, $11::uuid)
     ON CONFLICT ON CONSTRAINT notification_deliveries_once DO NOTHING`,
    [
      ...newRowHead(d),
      now.toISOString(),
      d.reason,
      status,
      recipientKey(d.recipient),
      d.assessmentId ?? null,
    ],
  );
}

/** Who claims, for how long, and when each attempt's retry falls due (see claimDue). */
export interface Claim {
  /** The claiming sender instance's id. */
  by: string;
  /** How long a claim lasts unless its holder renews it (renewClaims). */
  claimMs: number;
  /** The wait before attempt 2, 3, …; `fallbackMs` after the last. */
  delaysMs: readonly number[];
  fallbackMs: number;
}

/**
 * Claims up to `limit` due deliveries for `claim.by`, in one statement, oldest due first. A
 * delivery is claimed only if it is pending, due, and holds no live claim (one whose expiry, on
 * the database's clock so that every instance reads it alike, has not passed); `FOR UPDATE SKIP
 * LOCKED` lets instances claiming at the same moment take different rows. Each claimed delivery's
 * attempt count goes up and its next attempt moves to now + `delaysMs[attempt - 1]`, so a crash
 * mid-send leaves it due again once both that time and its claim have passed. The `except` ids
 * (the caller's own sends under way or journaled) are left alone whatever their claim says.
 */
export async function claimDue(
  sql: SqlExecutor,
  now: Date,
  claim: Claim,
  limit: number,
  except: readonly string[] = [],
): Promise<Delivery[]> {
  const { rows } = await sql.query<DeliveryRow>(
    `UPDATE notification_deliveries AS d
     SET attempts = d.attempts + 1,
         next_attempt_at = $1::timestamptz
           + make_interval(secs => COALESCE(($3::bigint[])[d.attempts + 1], $4::bigint) / 1000.0),
         claimed_by = $6::uuid,
         claim_expires_at = now() + make_interval(secs => $7::bigint / 1000.0)
     FROM (
       SELECT id FROM notification_deliveries
       WHERE status = 'pending' AND next_attempt_at <= $1
         AND (claim_expires_at IS NULL OR claim_expires_at <= now())
         AND NOT (id = ANY($5::uuid[]))
       ORDER BY next_attempt_at, created_at
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     ) AS due
     WHERE d.id = due.id
     RETURNING ${COLUMNS.split(',')
       .map((column) => `d.${column.trim()}`)
       .join(', ')}`,
    [now.toISOString(), limit, [...claim.delaysMs], claim.fallbackMs, [...except], claim.by, claim.claimMs],
  );
  // RETURNING keeps no order: the oldest first.
  return rows.map(toDelivery).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Extends `by`'s claims on `ids` to `claimMs` from now, in one statement. Returns the ids another
 * instance has claimed since: this one's claim expired (a pause longer than it) and was taken.
 */
export async function renewClaims(
  sql: SqlExecutor,
  by: string,
  ids: readonly string[],
  claimMs: number,
): Promise<string[]> {
  if (ids.length === 0) return [];
  // The outer SELECT reads the rows as they were before the UPDATE, which leaves the lost ones alone.
  const { rows } = await sql.query<{ id: string }>(
    `WITH renewed AS (
       UPDATE notification_deliveries SET claim_expires_at = now() + make_interval(secs => $3::bigint / 1000.0)
       WHERE id = ANY($1::uuid[]) AND claimed_by = $2::uuid AND status = 'pending'
       RETURNING id
     )
     SELECT id FROM notification_deliveries WHERE id = ANY($1::uuid[]) AND claimed_by <> $2::uuid`,
    [[...ids], by, claimMs],
  );
  return rows.map((r) => r.id);
}

export interface SentRecord {
  id: string;
  subject: string | null;
  providerMessageId: string;
  sentAt: Date;
  /** Saved as a file in the outbox folder, not sent (the records say "saved"). */
  savedToOutbox?: boolean;
}

/**
 * Records deliveries as sent, in one statement (the sender groups the successes that arrive
 * while an earlier record is being written), and ends their claims. A delivery no longer pending
 * is left as it is. Whoever holds the claim now, the send happened: a restarted instance records
 * its last run's journal this way, with claims that run has let expire.
 */
export async function markSent(sql: SqlExecutor, sent: readonly SentRecord[]): Promise<void> {
  if (sent.length === 0) return;
  await sql.query(
    `UPDATE notification_deliveries AS d
     SET status = 'sent', subject = s.subject, provider_message_id = s.provider_message_id,
         sent_at = s.sent_at::timestamptz, saved_to_outbox = s.saved_to_outbox, last_error = NULL,
         claim_expires_at = NULL
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[])
       AS s(id, subject, provider_message_id, sent_at, saved_to_outbox)
     WHERE d.id = s.id AND d.status = 'pending'`,
    [
      sent.map((r) => r.id),
      sent.map((r) => r.subject),
      sent.map((r) => r.providerMessageId),
      sent.map((r) => r.sentAt.toISOString()),
      sent.map((r) => r.savedToOutbox === true),
    ],
  );
}

/**
 * Records a failed attempt to be retried at `nextAttemptAt`, and ends the claim; only while `by`
 * holds it: an instance that lost its claim leaves the delivery to the one that took it.
 */
export async function markRetry(
  sql: SqlExecutor,
  id: string,
  by: string,
  result: { subject: string | null; error: string; nextAttemptAt: Date },
): Promise<void> {
  await sql.query(
    `UPDATE notification_deliveries
     SET subject = coalesce($2, subject), last_error = $3, next_attempt_at = $4, claim_expires_at = NULL
     WHERE id = $1 AND status = 'pending' AND claimed_by = $5`,
    [id, result.subject, result.error, result.nextAttemptAt.toISOString(), by],
  );
}

/** Records a delivery as failed for good, and ends the claim; only while `by` holds it (see markRetry). */
export async function markFailed(
  sql: SqlExecutor,
  id: string,
  by: string,
  result: { subject: string | null; error: string },
  now: Date,
): Promise<void> {
  await sql.query(
    `UPDATE notification_deliveries
     SET status = 'failed', subject = coalesce($2, subject), last_error = $3, failed_at = $4, claim_expires_at = NULL
     WHERE id = $1 AND status = 'pending' AND claimed_by = $5`,
    [id, result.subject, result.error, now.toISOString(), by],
  );
}

/**
 * Whether a claimed delivery is still to be sent: an erasure or a restriction may have settled it
 * while its message was being rendered.
 */
export async function stillPending(sql: SqlExecutor, id: string): Promise<boolean> {
  const { rows } = await sql.query(
    "SELECT 1 FROM notification_deliveries WHERE id = $1 AND status = 'pending'",
    [id],
  );
  return rows.length > 0;
}

/** Forgets the content of messages sent or failed before `before`; returns how many. */
export async function purgeContent(sql: SqlExecutor, before: Date, now: Date): Promise<number> {
  const { rowCount } = await sql.query(
    `UPDATE notification_deliveries SET content = NULL, purged_at = $2
     WHERE content IS NOT NULL AND status <> 'pending' AND coalesce(sent_at, failed_at) < $1`,
    [before.toISOString(), now.toISOString()],
  );
  return rowCount;
}

export async function listDeliveries(
  sql: SqlExecutor,
  where: { eventId?: string } = {},
): Promise<Delivery[]> {
  const { rows } = where.eventId
    ? await sql.query<DeliveryRow>(
        `SELECT ${COLUMNS} FROM notification_deliveries WHERE event_id = $1 ORDER BY created_at, recipient_role`,
        [where.eventId],
      )
    : await sql.query<DeliveryRow>(`SELECT ${COLUMNS} FROM notification_deliveries ORDER BY created_at, id`);
  return rows.map(toDelivery);
}
