import type { WebhookDeliveryView } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';
import type { PlannedWebhook } from './plan-webhook';

/*
 * The deliveries table (webhooks.migrations.ts): written by the consumer in the transaction that
 * marks its event processed, claimed and settled by the sender, read by the admin's log.
 */

/** The body every attempt of a delivery sends, serialised here once. */
export const webhookBody = (planned: PlannedWebhook): string => JSON.stringify(planned.event);

/**
 * One delivery of `planned` per active endpoint subscribed to its type, due now; in the caller's
 * transaction. A redelivered event adds nothing (the id is the key, with the endpoint).
 */
export async function recordWebhookDeliveries(
  tx: SqlExecutor,
  planned: PlannedWebhook,
  now: Date,
  /** Only endpoints that existed by then (review.due: none learns of reviews due before it existed). */
  endpointsCreatedBy?: Date,
): Promise<number> {
  const { rowCount } = await tx.query(
    `INSERT INTO webhook_deliveries
       (endpoint_id, id, event_type, ordering_key, assessment_id, body, status, next_attempt_at, created_at)
     SELECT e.id, $1, $2, $3, $4::uuid, $5, 'pending', $6::timestamptz, $6::timestamptz
     FROM webhook_endpoints e
     WHERE e.state = 'active' AND $2 = ANY (e.events) AND ($7::timestamptz IS NULL OR e.created_at <= $7::timestamptz)
     ORDER BY e.created_at
     ON CONFLICT (endpoint_id, id) DO NOTHING`,
    [
      planned.id,
      planned.event.type,
      planned.orderingKey,
      planned.assessmentId,
      webhookBody(planned),
      now.toISOString(),
      endpointsCreatedBy?.toISOString() ?? null,
    ],
  );
  return rowCount ?? 0;
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
