import type { WebhookDeliveryView } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';
import type { PlannedWebhook } from './plan-webhook';
import { type ClaimedRow, type ClaimedWebhook, claimedWebhook } from './webhook-queue';

/*
 * The deliveries table (webhooks.migrations.ts): written by the consumer in the transaction that
 * marks its event processed, claimed and settled by the sender, read by the admin's log.
 */

/** The body every attempt of a delivery sends, serialised here once. */
export const webhookBody = (planned: PlannedWebhook): string => JSON.stringify(planned.event);

/** Deliveries claimed as they are written: by this sender's instance, for this long. */
export interface ClaimAsWritten {
  by: string;
  claimMs: number;
}

/**
 * One delivery of `planned` per endpoint subscribed to its type, due now (a disabled endpoint's
 * wait, in order, until it is enabled: disabling pauses, it loses nothing); in the caller's
 * transaction. A redelivered event adds nothing (the id is the key, with the endpoint). With
 * `claim`, a delivery no earlier one of its assessment waits before is written claimed, its first
 * attempt counted, and returned to be attempted at once: the sender then reads nothing back.
 */
export async function recordWebhookDeliveries(
  tx: SqlExecutor,
  planned: PlannedWebhook,
  now: Date,
  options: {
    /** Only endpoints that existed by then (review.due: none learns of reviews due before it existed). */
    endpointsCreatedBy?: Date;
    claim?: ClaimAsWritten;
  } = {},
): Promise<{ recorded: number; claimed: ClaimedWebhook[] }> {
  const { rows } = await tx.query<ClaimedRow & { claimed: boolean }>(
    `WITH inserted AS (
       INSERT INTO webhook_deliveries (endpoint_id, id, event_type, ordering_key, assessment_id, body, status,
         next_attempt_at, created_at, attempts, claimed_by, claim_expires_at, last_attempt_at)
       SELECT e.id, $1, $2, $3, $4::uuid, $5, 'pending', $6::timestamptz, $6::timestamptz,
         CASE WHEN c.claim THEN 1 ELSE 0 END, CASE WHEN c.claim THEN $8::uuid END,
         CASE WHEN c.claim THEN $6::timestamptz + make_interval(secs => $9::bigint / 1000.0) END,
         CASE WHEN c.claim THEN $6::timestamptz END
       FROM webhook_endpoints e
       CROSS JOIN LATERAL (
         SELECT $8::uuid IS NOT NULL AND e.state = 'active' AND NOT EXISTS (
           SELECT 1 FROM webhook_deliveries b
           WHERE b.endpoint_id = e.id AND b.ordering_key = $3 AND b.status = 'pending') AS claim) c
       WHERE $2 = ANY (e.events) AND ($7::timestamptz IS NULL OR e.created_at <= $7::timestamptz)
       ORDER BY e.created_at
       ON CONFLICT (endpoint_id, id) DO NOTHING
       RETURNING endpoint_id, id, body, attempts, claimed_by)
     SELECT i.id, i.body, i.attempts, i.claimed_by IS NOT NULL AS claimed, to_jsonb(e) AS endpoint
     FROM inserted i JOIN webhook_endpoints e ON e.id = i.endpoint_id`,
    [
      planned.id,
      planned.event.type,
      planned.orderingKey,
      planned.assessmentId,
      webhookBody(planned),
      now.toISOString(),
      options.endpointsCreatedBy?.toISOString() ?? null,
      options.claim?.by ?? null,
      options.claim?.claimMs ?? 0,
    ],
  );
  return { recorded: rows.length, claimed: rows.filter((row) => row.claimed).map(claimedWebhook) };
}

export const ERASED_BODY_ERROR = "not sent: the client's personal data was erased";
export const RESTRICTED_ERROR = "not sent: the assessment's processing is restricted";

/**
 * An erased assessment's deliveries that carry personal data (its signing; the link it came by)
 * lose their bodies; those not yet delivered are settled as failed, never sent. Returns how many.
 */
export async function eraseWebhookBodies(
  tx: SqlExecutor,
  erased: { assessmentId: string; linkId: string | null },
): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE webhook_deliveries
     SET body = NULL,
         status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END,
         last_error = CASE WHEN status = 'pending' THEN $3 ELSE last_error END,
         claimed_by = NULL, claim_expires_at = NULL
     WHERE body IS NOT NULL
       AND ((assessment_id = $1::uuid AND event_type = 'assessment.signed')
         OR (ordering_key = $2 AND event_type = 'questionnaire_link.sent'))`,
    [erased.assessmentId, erased.linkId === null ? null : `link:${erased.linkId}`, ERASED_BODY_ERROR],
  );
  return rowCount ?? 0;
}

/**
 * A restricted assessment is processed no further: its pending deliveries (but the restriction's
 * own notice) are settled as failed. Sent again by hand, they would go: that is the administrator's
 * decision, as a resent report is.
 */
export async function muteWebhookDeliveries(tx: SqlExecutor, assessmentId: string): Promise<void> {
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'failed', last_error = $2, claimed_by = NULL, claim_expires_at = NULL
     WHERE assessment_id = $1::uuid AND status = 'pending' AND event_type <> 'assessment.restricted'`,
    [assessmentId, RESTRICTED_ERROR],
  );
}

export interface WebhookDeliveryRow {
  endpoint_id: string;
  id: string;
  event_type: string;
  status: string;
  attempts: number;
  response_code: number | null;
  last_error: string | null;
  body: string | null;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
  next_attempt_at: Date | string;
}

export const DELIVERY_COLUMNS =
  'endpoint_id, id, event_type, status, attempts, response_code, last_error, body, created_at, last_attempt_at, next_attempt_at';

const iso = (value: Date | string): string => new Date(value).toISOString();

export function deliveryView(row: WebhookDeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    eventType: row.event_type as WebhookDeliveryView['eventType'],
    status: row.status as WebhookDeliveryView['status'],
    attempts: row.attempts,
    responseCode: row.response_code,
    lastError: row.last_error,
    createdAt: iso(row.created_at),
    lastAttemptAt: row.last_attempt_at === null ? null : iso(row.last_attempt_at),
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
  };
}
