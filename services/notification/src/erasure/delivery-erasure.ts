import { rewriteErasedTables, type SqlClient, type SqlExecutor } from '@risk-profile/platform';
import { deleteOutboxFilesWhere } from '../delivery/outbox-files';

/** What an erased delivery's recipient reads: the row stays as the audit trail, nobody in it. */
export const ERASED_RECIPIENT = '(erased)';
export const ERASED_NOT_SENT = "Not sent: the client's data was erased.";
export const ERASED_FAILURE = "Failed; the reason was erased with the client's data.";
export const RESTRICTED_NOT_SENT =
  'Not sent: processing of this assessment is restricted (its erasure was refused within the retention period).';

/**
 * Forgets the personal data of every delivery about an erased assessment: its report messages
 * (by assessment id), the household messages to its client (by the member's assessment) and the
 * link message that brought the client (by link id). A message still
 * pending is settled as suppressed, so it is never sent; a sender holding its claim finds it no
 * longer pending and records nothing over it. The recipient, the subject (a report's names the
 * client), the content, and a failure's reason (an SMTP refusal may quote the address) go; the
 * rest stays as the audit trail. Returns the ids of the deliveries erased now (their outbox files
 * are deleted next).
 */
export async function eraseDeliveries(
  tx: SqlExecutor,
  target: { assessmentId: string; linkId: string | null },
  now: Date,
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE notification_deliveries SET
       status = CASE WHEN status = 'pending' THEN 'suppressed' ELSE status END,
       last_error = CASE WHEN status = 'pending' THEN $4 WHEN status = 'failed' THEN $5 ELSE NULL END,
       recipient = $6, recipient_key = $6, subject = NULL, content = NULL,
       purged_at = coalesce(purged_at, $3::timestamptz), erased_at = $3::timestamptz, claim_expires_at = NULL
     WHERE (assessment_id = $1::uuid OR member_assessment_id = $1::uuid OR ($2::text IS NOT NULL AND link_id = $2::text))
       AND erased_at IS NULL
     RETURNING id`,
    [
      target.assessmentId,
      target.linkId,
      now.toISOString(),
      ERASED_NOT_SENT,
      ERASED_FAILURE,
      ERASED_RECIPIENT,
    ],
  );
  return rows.map((row) => row.id);
}

/** Settles every pending message about a restricted assessment (household ones to its client too) as suppressed. */
export async function muteDeliveries(tx: SqlExecutor, assessmentId: string): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE notification_deliveries SET status = 'suppressed', last_error = $2, claim_expires_at = NULL
     WHERE (assessment_id = $1::uuid OR member_assessment_id = $1::uuid) AND status = 'pending'`,
    [assessmentId, RESTRICTED_NOT_SENT],
  );
  return rowCount;
}

/** The deliveries erased since `since`: the outbox purge of every instance deletes their files. */
export async function erasedDeliveriesSince(sql: SqlExecutor, since: Date): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    'SELECT id FROM notification_deliveries WHERE erased_at >= $1::timestamptz',
    [since.toISOString()],
  );
  return rows.map((row) => row.id);
}

/**
 * Deletes the outbox files of these deliveries. Every outbox file name holds its delivery's id
 * (an SMS's reference, an email's Message-ID; see outboxFileName), its temporary too. Returns how
 * many went.
 */
export async function deleteOutboxFiles(dir: string, deliveryIds: readonly string[]): Promise<number> {
  if (deliveryIds.length === 0) return 0;
  const ids = deliveryIds.map((id) => id.toLowerCase());
  return deleteOutboxFilesWhere(dir, (name) => {
    const lower = name.toLowerCase();
    return ids.some((id) => lower.includes(id));
  });
}

/**
 * Rewrites tables whose rows an erasure deleted or changed: PostgreSQL (PGlite too, in its files
 * under DATA_DIR) keeps a dead row's bytes in the table file until it is rewritten, and a plain
 * VACUUM only marks the space reusable. VACUUM FULL takes an exclusive lock on each table while it
 * copies it (reads and writes of it wait, for a moment on tables of this size), so it runs once
 * per consumed batch that erased something, never per row. In embedded mode the WAL segments that
 * hold the rows are deleted too (rewriteErasedTables).
 */
export async function rewriteTables(sql: SqlClient, tables: readonly string[]): Promise<void> {
  await rewriteErasedTables(sql, tables);
}
