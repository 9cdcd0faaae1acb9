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
  // One statement: the claim, and the endpoints' rows the attempts sign with.
  const { rows } = await sql.query<ClaimedRow>(
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
     ), claimed AS (
       UPDATE webhook_deliveries d
       SET attempts = d.attempts + 1, claimed_by = $3::uuid, last_attempt_at = $1::timestamptz,
           claim_expires_at = $1::timestamptz + make_interval(secs => $4::bigint / 1000.0)
       FROM due WHERE d.endpoint_id = due.endpoint_id AND d.id = due.id
       RETURNING d.endpoint_id, d.id, d.body, d.attempts, d.seq
     )
     SELECT c.id, c.body, c.attempts, c.seq, to_jsonb(e) AS endpoint
     FROM claimed c JOIN webhook_endpoints e ON e.id = c.endpoint_id
     ORDER BY c.seq`,
    [now.toISOString(), limit, claim.by, claim.claimMs],
  );
  return rows.map(claimedWebhook);
}

/** A claimed delivery as a statement returns it: the endpoint's row as JSON beside it. */
export type ClaimedRow = Pick<ClaimedWebhook, 'id' | 'body' | 'attempts'> & { endpoint: unknown };

export function claimedWebhook(row: ClaimedRow): ClaimedWebhook {
  const endpoint = (
    typeof row.endpoint === 'string' ? JSON.parse(row.endpoint) : row.endpoint
  ) as WebhookEndpointRow;
  return { endpointId: endpoint.id, id: row.id, body: row.body, attempts: row.attempts, endpoint };
}

/*
 * An attempt settles only the claim it was made under: this instance's, at its attempt count.
 * "Send again" lets go of a claim and the next claim counts one more attempt, so an earlier
 * attempt still under way (or delivered and not yet recorded) cannot settle over the resend's.
 */

/**
 * Settles delivered attempts together, in one statement: each delivery still held by the attempt
 * is marked delivered, and its endpoint's failure clock stops (a row written only where it ran).
 * Failures take `settleAttempt`, one by one: they may disable an endpoint. Returns how many settled.
 */
export async function settleDelivered(
  sql: SqlExecutor,
  by: string,
  delivered: readonly { endpointId: string; id: string; attempts: number; status: number }[],
): Promise<number> {
  if (delivered.length === 0) return 0;
  const { rows } = await sql.query<{ settled: number }>(
    `WITH settled AS (
       UPDATE webhook_deliveries d
       SET status = 'delivered', response_code = s.code, last_error = NULL, claimed_by = NULL, claim_expires_at = NULL
       FROM unnest($1::uuid[], $2::text[], $3::int[], $5::int[]) AS s(endpoint_id, id, code, attempts)
       WHERE d.endpoint_id = s.endpoint_id AND d.id = s.id AND d.claimed_by = $4::uuid AND d.status = 'pending'
         AND d.attempts = s.attempts
       RETURNING d.endpoint_id
     ), running AS (
       UPDATE webhook_endpoints e SET failing_since = NULL
       WHERE e.id IN (SELECT endpoint_id FROM settled) AND e.failing_since IS NOT NULL
     )
     SELECT count(*)::int AS settled FROM settled`,
    [
      delivered.map((d) => d.endpointId),
      delivered.map((d) => d.id),
      delivered.map((d) => d.status),
      by,
      delivered.map((d) => d.attempts),
    ],
  );
  return rows[0]?.settled ?? 0;
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
  claimed: Pick<ClaimedWebhook, 'endpointId' | 'id' | 'attempts'>,
  by: string,
  settlement: Settlement,
  now: Date,
): Promise<Date | null | undefined> {
  const status = settlement.outcome === 'retry' ? 'pending' : settlement.outcome;
  const { rowCount } = await tx.query(
    `UPDATE webhook_deliveries
     SET status = $4, response_code = $5, last_error = $6,
         next_attempt_at = COALESCE($7::timestamptz, next_attempt_at), claimed_by = NULL, claim_expires_at = NULL
     WHERE endpoint_id = $1::uuid AND id = $2 AND claimed_by = $3::uuid AND status = 'pending'
       AND attempts = $8`,
    [
      claimed.endpointId,
      claimed.id,
      by,
      status,
      settlement.status,
      settlement.outcome === 'delivered' ? null : settlement.error,
      settlement.outcome === 'retry' ? settlement.nextAttemptAt.toISOString() : null,
      claimed.attempts,
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

/**
 * Of these deliveries handed over as they were written, the ones still to send: pending, held by
 * this instance, with their body, to an endpoint still active. One statement for a round's worth.
 */
export async function stillClaimed(
  sql: SqlExecutor,
  by: string,
  handed: readonly ClaimedWebhook[],
): Promise<ClaimedWebhook[]> {
  const { rows } = await sql.query<{ endpoint_id: string; id: string }>(
    `SELECT d.endpoint_id::text, d.id FROM webhook_deliveries d
     JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.state = 'active'
     JOIN unnest($1::uuid[], $2::text[], $4::int[]) AS h(endpoint_id, id, attempts)
       ON d.endpoint_id = h.endpoint_id AND d.id = h.id AND d.attempts = h.attempts
     WHERE d.claimed_by = $3::uuid AND d.status = 'pending' AND d.body IS NOT NULL`,
    [handed.map((h) => h.endpointId), handed.map((h) => h.id), by, handed.map((h) => h.attempts)],
  );
  const kept = new Set(rows.map((row) => `${row.endpoint_id}/${row.id}`));
  return handed.filter((h) => kept.has(`${h.endpointId}/${h.id}`));
}
