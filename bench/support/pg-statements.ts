import pg from 'pg';

export interface StatementCounts {
  /** Statements the database ran (pg_stat_statements' calls), in all. */
  calls: number;
  /** The statements that took the most execution time, with their calls. */
  top: { query: string; calls: number; totalMs: number }[];
}

/**
 * Counts the statements one database runs, through pg_stat_statements, where the server loads it
 * (shared_preload_libraries); null where it does not. `reset()` starts the count.
 */
export async function statementCounter(databaseUrl: string): Promise<{
  reset(): Promise<void>;
  read(): Promise<StatementCounts>;
  close(): Promise<void>;
} | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
  } catch {
    await client.end();
    return null;
  }
  const mine = 'dbid = (SELECT oid FROM pg_database WHERE datname = current_database())';
  return {
    async reset() {
      await client.query('SELECT pg_stat_statements_reset()');
    },
    async read() {
      const { rows } = await client.query<{ query: string; calls: string; total_ms: number }>(
        `SELECT query, calls, total_exec_time AS total_ms FROM pg_stat_statements WHERE ${mine}
         ORDER BY total_exec_time DESC`,
      );
      return {
        calls: rows.reduce((sum, r) => sum + Number(r.calls), 0),
        top: rows.slice(0, 8).map((r) => ({ query: r.query, calls: Number(r.calls), totalMs: r.total_ms })),
      };
    },
    close: () => client.end(),
  };
}
