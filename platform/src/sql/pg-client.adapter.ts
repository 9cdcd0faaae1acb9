import pg from 'pg';
import { preparedName, type QueryResult, type SqlClient, type SqlExecutor } from './sql-client.port';

/** A query config that names the statement when it was marked `prepared`, so pg prepares it once per connection. */
const config = (text: string, params: readonly unknown[]) => ({
  text,
  values: params as unknown[],
  name: preparedName(text),
});

const INT8_OID = 20;

export interface Listening {
  close(): Promise<void>;
}

/** A PostgreSQL server through a pg Pool; int8 parsed to a JS number as in the PGlite adapter. */
export class PgSqlClient implements SqlClient {
  readonly kind = 'pg' as const;

  private constructor(private readonly pool: pg.Pool) {}

  /**
   * Listens on a PostgreSQL NOTIFY channel on a connection of its own (a pooled one would be
   * handed to other queries). A lost connection is reopened after `reconnectMs`; notices sent
   * meanwhile are lost, so `onNotice` is then called once without a payload, for the listener to
   * treat as "something may have changed".
   */
  async listen(
    channel: string,
    onNotice: (payload: string | undefined) => void,
    options: { reconnectMs?: number } = {},
  ): Promise<Listening> {
    const reconnectMs = options.reconnectMs ?? 1_000;
    let closed = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const reconnectLater = () => {
      if (closed) return;
      retry = setTimeout(() => void connect(true).catch(reconnectLater), reconnectMs);
      retry.unref();
    };
    const connect = async (afterGap: boolean): Promise<void> => {
      const next = new pg.Client(this.pool.options);
      // An error before the handlers below are on (mid-connect) rejects connect() instead.
      next.on('error', () => {});
      next.on('notification', (message) => {
        if (message.channel === channel) onNotice(message.payload);
      });
      // A client ends after an error: whichever comes first schedules the one reconnection.
      let lost = false;
      const onLost = () => {
        if (lost) return;
        lost = true;
        if (client === next) client = undefined;
        reconnectLater();
      };
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        lost = true;
        await next.end().catch(() => {});
        throw error;
      }
      next.on('error', onLost);
      next.on('end', onLost);
      if (closed) {
        lost = true;
        await next.end().catch(() => {});
        return;
      }
      client = next;
      if (afterGap) onNotice(undefined);
    };
    await connect(false);
    return {
      close: async () => {
        closed = true;
        clearTimeout(retry);
        await client?.end().catch(() => {});
        client = undefined;
      },
    };
  }

  /** Sends a notice on a channel (delivered to listeners when the surrounding work commits). */
  async notify(channel: string, payload: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

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
