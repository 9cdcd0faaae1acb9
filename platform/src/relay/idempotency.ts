import { type Migration, migrate } from '../sql/migrations';
import type { SqlClient, SqlExecutor } from '../sql/sql-client.port';

const MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-consumer-processed',
    sql: `CREATE TABLE consumer_processed (
      consumer text NOT NULL,
      message_id text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, message_id)
    )`,
  },
];

const prepared = new WeakMap<SqlClient, Promise<void>>();

/** Creates the dedup table once per database handle; runOnce calls it itself. */
export function prepareConsumerIdempotency(sql: SqlClient): Promise<void> {
  let ready = prepared.get(sql);
  if (!ready) {
    ready = migrate(sql, 'consumer-idempotency', MIGRATIONS);
    ready.catch(() => prepared.delete(sql));
    prepared.set(sql, ready);
  }
  return ready;
}

/**
 * Runs `fn` at most once per (consumer, message id), for consumers of an at-least-once bus. The
 * dedup row and everything `fn` writes through `tx` commit in one transaction: if `fn` fails,
 * neither stays and a redelivery runs it again; if it succeeded, a redelivery finds the row and
 * skips. Two concurrent deliveries of one message: the second insert waits for the first
 * transaction and then skips. Returns whether `fn` ran.
 */
export async function runOnce(
  sql: SqlClient,
  consumer: string,
  messageId: string,
  fn: (tx: SqlExecutor) => Promise<void>,
): Promise<boolean> {
  await prepareConsumerIdempotency(sql);
  return sql.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `INSERT INTO consumer_processed (consumer, message_id) VALUES ($1, $2)
       ON CONFLICT (consumer, message_id) DO NOTHING`,
      [consumer, messageId],
    );
    if (rowCount === 0) return false;
    await fn(tx);
    return true;
  });
}

/**
 * runOnce for a batch: in one transaction, records the ids not seen before and runs `fn` with
 * just those (in the order given), so a batch consumer writes in bulk and a redelivered message
 * is skipped. Everything commits together or not at all. Returns the ids `fn` ran for.
 */
export async function runOnceEach(
  sql: SqlClient,
  consumer: string,
  messageIds: readonly string[],
  fn: (tx: SqlExecutor, fresh: readonly string[]) => Promise<void>,
): Promise<string[]> {
  if (messageIds.length === 0) return [];
  await prepareConsumerIdempotency(sql);
  return sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ message_id: string }>(
      `INSERT INTO consumer_processed (consumer, message_id)
       SELECT $1, id FROM unnest($2::text[]) AS id
       ON CONFLICT (consumer, message_id) DO NOTHING
       RETURNING message_id`,
      [consumer, [...new Set(messageIds)]],
    );
    const inserted = new Set(rows.map((r) => r.message_id));
    const fresh = [...new Set(messageIds)].filter((id) => inserted.has(id));
    if (fresh.length > 0) await fn(tx, fresh);
    return fresh;
  });
}

/** Forgets dedup rows older than the bus could still redeliver; returns how many were deleted. */
export async function forgetProcessedBefore(sql: SqlClient, olderThanMs: number): Promise<number> {
  await prepareConsumerIdempotency(sql);
  const { rowCount } = await sql.query(
    'DELETE FROM consumer_processed WHERE processed_at < now() - make_interval(secs => $1::float8 / 1000)',
    [olderThanMs],
  );
  return rowCount;
}
