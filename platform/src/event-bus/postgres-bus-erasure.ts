import { rewriteErasedTables } from '../sql/erased-rows';
import type { SqlClient } from '../sql/sql-client.port';
import type { KeyPurge } from './event-bus.port';

/*
 * The PostgreSQL log's two erasures (docs/records.md, "Retention and erasure"): both change
 * records inside their batches, so every offset keeps pointing where it did, and both rewrite
 * bus_batches afterwards (VACUUM FULL: an exclusive lock on the table while it copies the live
 * rows, so publishes and fetches wait for it; callers erase after a batch, not one by one), so
 * the old row versions are not left in the table files.
 */

/** Replaces each matching message in its batch by a tombstone: its id and key, no value or headers, marked purged. */
export async function purgeKeys(sql: SqlClient, purges: readonly KeyPurge[]): Promise<number> {
  if (purges.length === 0) return 0;
  const { rows } = await sql.query<{ messages: number }>(
    `WITH wanted AS (
       SELECT p->>'topic' AS topic, p->>'key' AS key,
              coalesce(ARRAY(SELECT jsonb_array_elements_text(p->'keepIds')), '{}') AS keep
       FROM jsonb_array_elements($1::jsonb) AS p),
     rewritten AS (
       SELECT b.topic, b.partition, b.transaction_id, b.seq,
              jsonb_agg(CASE WHEN w.key IS NOT NULL AND NOT (r.record->>'id' = ANY(w.keep))
                             THEN jsonb_build_object('id', r.record->'id', 'key', r.record->'key',
                                                     'value', null, 'headers', '{}'::jsonb, 'purged', true)
                             ELSE r.record END ORDER BY r.ordinality) AS records,
              count(*) FILTER (WHERE w.key IS NOT NULL AND NOT (r.record->>'id' = ANY(w.keep))
                               AND NOT coalesce((r.record->>'purged')::boolean, false)) AS purged
       FROM bus_batches b
       CROSS JOIN LATERAL jsonb_array_elements(b.records::jsonb) WITH ORDINALITY AS r(record, ordinality)
       LEFT JOIN wanted w ON w.topic = b.topic AND w.key = r.record->>'key'
       WHERE EXISTS (SELECT 1 FROM wanted w2 WHERE w2.topic = b.topic AND strpos(b.records, w2.key) > 0)
       GROUP BY b.topic, b.partition, b.transaction_id, b.seq),
     updated AS (
       UPDATE bus_batches b SET records = r.records::text
       FROM rewritten r
       WHERE r.purged > 0 AND b.topic = r.topic AND b.partition = r.partition
         AND b.transaction_id = r.transaction_id AND b.seq = r.seq
       RETURNING r.purged)
     SELECT coalesce(sum(purged), 0)::int AS messages FROM updated`,
    [JSON.stringify(purges.map((p) => ({ topic: p.topic, key: p.key, keepIds: p.keepIds ?? [] })))],
  );
  const messages = rows[0]!.messages;
  if (messages > 0) await rewriteErasedTables(sql, ['bus_batches']);
  return messages;
}

/** Sets each matching message's value in its batch: its id, key, headers and offset unchanged. */
export async function replaceMessages(
  sql: SqlClient,
  topic: string,
  messages: readonly { id: string; value: unknown }[],
): Promise<number> {
  if (messages.length === 0) return 0;
  const { rows } = await sql.query<{ messages: number }>(
    `WITH wanted AS (
       SELECT m->>'id' AS id, m->'value' AS value FROM jsonb_array_elements($2::jsonb) AS m),
     rewritten AS (
       SELECT b.partition, b.transaction_id, b.seq,
              jsonb_agg(CASE WHEN w.id IS NOT NULL AND NOT coalesce((r.record->>'purged')::boolean, false)
                             THEN jsonb_set(r.record, '{value}', w.value)
                             ELSE r.record END ORDER BY r.ordinality) AS records,
              count(*) FILTER (WHERE w.id IS NOT NULL AND r.record->'value' IS DISTINCT FROM w.value
                               AND NOT coalesce((r.record->>'purged')::boolean, false)) AS replaced
       FROM bus_batches b
       CROSS JOIN LATERAL jsonb_array_elements(b.records::jsonb) WITH ORDINALITY AS r(record, ordinality)
       LEFT JOIN wanted w ON w.id = r.record->>'id'
       WHERE b.topic = $1 AND EXISTS (SELECT 1 FROM wanted w2 WHERE strpos(b.records, w2.id) > 0)
       GROUP BY b.partition, b.transaction_id, b.seq),
     updated AS (
       UPDATE bus_batches b SET records = r.records::text
       FROM rewritten r
       WHERE r.replaced > 0 AND b.topic = $1 AND b.partition = r.partition
         AND b.transaction_id = r.transaction_id AND b.seq = r.seq
       RETURNING r.replaced)
     SELECT coalesce(sum(replaced), 0)::int AS messages FROM updated`,
    [topic, JSON.stringify(messages.map((m) => ({ id: m.id, value: m.value })))],
  );
  const replaced = rows[0]!.messages;
  if (replaced > 0) await rewriteErasedTables(sql, ['bus_batches']);
  return replaced;
}
