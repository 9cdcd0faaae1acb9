import type { SqlClient } from './sql-client.port';

export interface Migration {
  /** Unique and stable within its module, e.g. '001-create-events'. */
  id: string;
  sql: string;
}

/**
 * Applies the module's migrations once each, in order. An advisory lock serialises concurrent
 * starters (several service processes on one PostgreSQL server).
 */
export async function migrate(
  sql: SqlClient,
  module: string,
  migrations: readonly Migration[],
): Promise<void> {
  await sql.transaction(async (tx) => {
    // One lock for every module: concurrent `CREATE TABLE IF NOT EXISTS` of the same table can
    // still collide in the catalog, so even the bookkeeping table is created under the lock.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('schema_migrations'))");
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      module text NOT NULL, id text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (module, id))`);
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM schema_migrations WHERE module = $1', [
      module,
    ]);
    const applied = new Set(rows.map((r) => r.id));
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (module, id) VALUES ($1, $2)', [module, migration.id]);
    }
  });
}

/** Migrations are plain DDL separated by semicolons at line ends (no functions with bodies). */
function splitStatements(script: string): string[] {
  return script
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
