import type { SqlClient } from './sql-client.port';

/**
 * Makes the bytes of rows an erasure deleted or changed leave the database's files
 * (docs/records.md, "Table files and the WAL"). PostgreSQL keeps a dead row's bytes in its table
 * file, and a plain VACUUM only marks their space reusable: later rows may reuse a page without
 * overwriting them. VACUUM FULL copies the live rows to new files and truncates the old ones (an
 * exclusive lock on each table while it copies: reads and writes of it wait), so callers run it
 * once per batch of erasures, never once per row.
 *
 * The write-ahead log holds the rows too (each insert, and the first change of a page after a
 * checkpoint copies the whole page). In embedded mode it is ours, under DATA_DIR: the current
 * segment is closed (pg_switch_wal) and a checkpoint then deletes every segment before it (the
 * embedded database runs with `wal_recycle = off`, so a segment is deleted, never renamed for
 * reuse with its old bytes). A PostgreSQL server's WAL and archive are its operator's: the
 * product's user may not checkpoint there, and the server recycles and archives on its own rules.
 */
export async function rewriteErasedTables(sql: SqlClient, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await sql.query(`VACUUM FULL ${tables.join(', ')}`);
  if (sql.kind !== 'pglite') return;
  await sql.query('SELECT pg_switch_wal()');
  await sql.query('CHECKPOINT');
}
