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

/** Forgets dedup rows older than the bus could still redeliver; returns how many were deleted. */
export async function forgetProcessedBefore(sql: SqlClient, olderThanMs: number): Promise<number> {
  await prepareConsumerIdempotency(sql);
  const { rowCount } = await sql.query(
    'DELETE FROM consumer_processed WHERE processed_at < now() - make_interval(secs => $1::float8 / 1000)',
    [olderThanMs],
  );
  return rowCount;
}
