import type { SqlExecutor } from '@risk-profile/platform';
import type { WebhookEndpointRow } from './webhook-endpoints';

/*
 * The sender's side of the deliveries table (ADR 0021's claims, as notification's queue): an
 * attempt is claimed in the database before the POST, so a crash mid-attempt leaves the delivery
 * due again once its claim runs out, and no other instance takes it meanwhile.
 */

export interface ClaimedWebhook {
  endpointId: string;
  id: string;
  body: string;
  /** The attempt being made: 1 for the first. */
  attempts: number;
  endpoint: WebhookEndpointRow;
}

/**
 * Claims up to `limit` due deliveries of active endpoints, oldest first, each the earliest pending
 * one of its assessment (link, household) for its endpoint: a later one waits while an earlier
 * one is pending, so a receiver gets one assessment's events in order.
 */
export async function claimDueWebhooks(
  sql: SqlExecutor,
  now: Date,
  claim: { by: string; claimMs: number },
  limit: number,
): Promise<ClaimedWebhook[]> {
  const { rows } = await sql.query<{
    endpoint_id: string;
    id: string;
    body: string;
    attempts: number;
    seq: string;
  }>(
    `WITH due AS (
       SELECT d.endpoint_id, d.id FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.state = 'active'
       WHERE d.status = 'pending' AND d.body IS NOT NULL AND d.next_attempt_at <= $1::timestamptz
         AND (d.claim_expires_at IS NULL OR d.claim_expires_at <= $1::timestamptz)
         AND NOT EXISTS (
           SELECT 1 FROM webhook_deliveries b
           WHERE b.endpoint_id = d.endpoint_id AND b.ordering_key = d.ordering_key
             AND b.status = 'pending' AND b.seq < d.seq)
       ORDER BY d.seq
       LIMIT $2
       FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE webhook_deliveries d
     SET attempts = d.attempts + 1, claimed_by = $3::uuid, last_attempt_at = $1::timestamptz,
         claim_expires_at = $1::timestamptz + make_interval(secs => $4::bigint / 1000.0)
     FROM due WHERE d.endpoint_id = due.endpoint_id AND d.id = due.id
     RETURNING d.endpoint_id, d.id, d.body, d.attempts, d.seq`,
    [now.toISOString(), limit, claim.by, claim.claimMs],
  );
  if (rows.length === 0) return [];
  const endpoints = await sql.query<WebhookEndpointRow>(
    'SELECT * FROM webhook_endpoints WHERE id = ANY($1::uuid[])',
    [[...new Set(rows.map((row) => row.endpoint_id))]],
  );
  const byId = new Map(endpoints.rows.map((row) => [row.id, row]));
  // RETURNING keeps no order.
  return rows
    .sort((a, b) => Number(a.seq) - Number(b.seq))
    .flatMap((row) => {
      const endpoint = byId.get(row.endpoint_id);
      return endpoint
        ? [{ endpointId: row.endpoint_id, id: row.id, body: row.body, attempts: row.attempts, endpoint }]
        : [];
    });
}

export type Settlement =
  | { outcome: 'delivered'; status: number }
  | { outcome: 'retry'; status: number | null; error: string; nextAttemptAt: Date }
  | { outcome: 'failed'; status: number | null; error: string };

/**
 * Writes an attempt's outcome, if this instance's claim still holds it, and the endpoint's
 * failure clock: a delivery resets it, a failure starts it. Returns the endpoint's `failing_since`
 * after the attempt (null while it delivers), or undefined when the claim was lost.
 */
export async function settleAttempt(
  tx: SqlExecutor,
  claimed: Pick<ClaimedWebhook, 'endpointId' | 'id'>,
  by: string,
  settlement: Settlement,
  now: Date,
): Promise<Date | null | undefined> {
  const status = settlement.outcome === 'retry' ? 'pending' : settlement.outcome;
  const { rowCount } = await tx.query(
    `UPDATE webhook_deliveries
     SET status = $4, response_code = $5, last_error = $6,
         next_attempt_at = COALESCE($7::timestamptz, next_attempt_at), claimed_by = NULL, claim_expires_at = NULL
     WHERE endpoint_id = $1::uuid AND id = $2 AND claimed_by = $3::uuid AND status = 'pending'`,
    [
      claimed.endpointId,
      claimed.id,
      by,
      status,
      settlement.status,
      settlement.outcome === 'delivered' ? null : settlement.error,
      settlement.outcome === 'retry' ? settlement.nextAttemptAt.toISOString() : null,
    ],
  );
  if (rowCount === 0) return undefined;
  const { rows } = await tx.query<{ failing_since: Date | string | null }>(
    `UPDATE webhook_endpoints
     SET failing_since = CASE WHEN $2 THEN NULL ELSE COALESCE(failing_since, $3::timestamptz) END
     WHERE id = $1::uuid RETURNING failing_since`,
    [claimed.endpointId, settlement.outcome === 'delivered', now.toISOString()],
  );
  const since = rows[0]?.failing_since ?? null;
  return since === null ? null : new Date(since);
}
