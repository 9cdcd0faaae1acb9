import type { SqlClient } from './sql-client.port';

/**
 * Runs `run` while this process holds a PostgreSQL advisory lock named `key`, so that processes
 * sharing the database take turns: for work outside PostgreSQL that must not run twice at once,
 * such as another store's schema migrations. The lock is transaction-scoped: it is held on one
 * connection for as long as `run` takes and released when it settles (or when the connection
 * dies with its process), so a crash can never leave it held.
 */
export function withAdvisoryLock<T>(sql: SqlClient, key: string, run: () => Promise<T>): Promise<T> {
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    return run();
  });
}
