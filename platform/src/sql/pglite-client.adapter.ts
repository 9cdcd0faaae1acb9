import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { QueryResult, SqlClient, SqlExecutor } from './sql-client.port';

/** int8 as a JS number in every adapter (our counters stay far below 2^53). */
const parsers = { [types.INT8]: (value: string) => Number(value) };

function toResult<R>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<R> {
  return { rows: result.rows as R[], rowCount: result.affectedRows ?? result.rows.length };
}

/**
 * Embedded PostgreSQL (WASM) in this process. PGlite has a single connection, so transactions
 * are serialised by PGlite itself; plain queries queue behind an open transaction.
 */
export class PgliteSqlClient implements SqlClient {
  readonly kind = 'pglite' as const;

  private constructor(private readonly db: PGlite) {}

  /** `dataDir` undefined keeps the database in memory (tests). */
  static async open(dataDir?: string): Promise<PgliteSqlClient> {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const db = await PGlite.create(dataDir, { parsers });
    return new PgliteSqlClient(db);
  }

  async query<R = Record<string, unknown>>(
    text: string,
    params: readonly unknown[] = [],
  ): Promise<QueryResult<R>> {
    return toResult<R>(await this.db.query(text, params as unknown[]));
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) =>
      fn({
        query: async <R>(text: string, params: readonly unknown[] = []) =>
          toResult<R>(await tx.query(text, params as unknown[])),
      }),
    );
  }

  async exec(script: string): Promise<void> {
    await this.db.exec(script);
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}
