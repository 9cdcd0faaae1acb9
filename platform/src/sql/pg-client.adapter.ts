import pg from 'pg';
import { preparedName, type QueryResult, type SqlClient, type SqlExecutor } from './sql-client.port';

/** A query config that names the statement when it was marked `prepared`, so pg prepares it once per connection. */
const config = (text: string, params: readonly unknown[]) => ({
  text,
  values: params as unknown[],
  name: preparedName(text),
});

const INT8_OID = 20;

/** A PostgreSQL server through a pg Pool; int8 parsed to a JS number as in the PGlite adapter. */
export class PgSqlClient implements SqlClient {
  readonly kind = 'pg' as const;

  private constructor(private readonly pool: pg.Pool) {}

  static open(connectionString: string, options: { max?: number } = {}): PgSqlClient {
    const pool = new pg.Pool({
      connectionString,
      max: options.max ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          oid === INT8_OID
            ? (v: string) => Number(v)
            : pg.types.getTypeParser(oid, format as 'text')) as never,
      },
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    return new PgSqlClient(pool);
  }

  async query<R = Record<string, unknown>>(
    text: string,
    params: readonly unknown[] = [],
  ): Promise<QueryResult<R>> {
    const result = await this.pool.query(config(text, params));
    return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const value = await fn({
        query: async <R>(text: string, params: readonly unknown[] = []) => {
          const result = await client.query(config(text, params));
          return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
        },
      });
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async exec(script: string): Promise<void> {
    await this.pool.query(script);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
