import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite, types } from '@electric-sql/pglite';
import type { QueryResult, SqlClient, SqlExecutor } from './sql-client.port';

/** int8 as a JS number in every adapter (our counters stay far below 2^53). */
const parsers = { [types.INT8]: (value: string) => Number(value) };

/**
 * PGlite's defaults (160 MB of shared buffers) suit a browser tab that holds the whole database
 * in memory. Here the data lives in files the OS caches anyway, and one connection needs little:
 * these settings take about 110 MB off the resident size at no measurable cost in throughput
 * (bench/assessments.bench.ts, bench/startup.bench.ts).
 */
const EMBEDDED_SETTINGS = [
  'shared_buffers = 32MB',
  'wal_buffers = 1MB',
  'temp_buffers = 2MB',
  'maintenance_work_mem = 16MB',
];

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
    if (dataDir) {
      mkdirSync(dataDir, { recursive: true });
      if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialiseInChildProcess(dataDir);
    }
    const db = await PGlite.create(dataDir, { parsers, postgresqlconf: EMBEDDED_SETTINGS });
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

/**
 * Creating a database runs initdb, a second WASM module whose memory (some 400 MB) a process
 * never hands back to the system. A short-lived child process creates the files instead, so a
 * first start idles at the same resident size as every later one.
 */
async function initialiseInChildProcess(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(pglite)});
    PGlite.create(${JSON.stringify(dataDir)}).then((db) => db.close());`;
  await promisify(execFile)(process.execPath, ['-e', script], { timeout: 120_000 });
}
