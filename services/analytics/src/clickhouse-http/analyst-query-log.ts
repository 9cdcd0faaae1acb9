import type { AnalystQueryLogEntry } from '@risk-profile/contracts';
import { type Migration, migrate, type SqlClient } from '@risk-profile/platform';

const MIGRATIONS: readonly Migration[] = [
  {
    id: '001-analyst-query-log',
    // Append-only: the trigger refuses UPDATE, DELETE and TRUNCATE, so the log is what happened.
    sql: `CREATE TABLE analyst_query_log (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL,
      analyst_id text NOT NULL,
      analyst_email text NOT NULL,
      query text NOT NULL,
      format text,
      outcome text NOT NULL CHECK (outcome IN ('ok', 'refused', 'failed')),
      error_code int,
      error text,
      rows bigint,
      elapsed_ms int NOT NULL
    );
    CREATE FUNCTION analyst_query_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'analyst_query_log is append-only: % refused', TG_OP; END $$;
    CREATE TRIGGER analyst_query_log_no_change BEFORE UPDATE OR DELETE ON analyst_query_log
      FOR EACH ROW EXECUTE FUNCTION analyst_query_log_append_only();
    CREATE TRIGGER analyst_query_log_no_truncate BEFORE TRUNCATE ON analyst_query_log
      FOR EACH STATEMENT EXECUTE FUNCTION analyst_query_log_append_only()`,
  },
];

/** The longest query text kept: enough for any query a person writes, not a bulk upload. */
const MAX_LOGGED_QUERY = 100_000;

const MAX_BIGINT = 9_223_372_036_854_775_807n;

/**
 * The id a page ends before, as the decimal text of a bigint, or null for the newest page: a
 * cursor that is no id, or one past every bigint (so past every id), starts from the newest.
 */
function idBefore(cursor: string | undefined): string | null {
  if (!cursor || !/^\d+$/.test(cursor)) return null;
  const id = BigInt(cursor);
  return id > MAX_BIGINT ? null : id.toString();
}

export type AnalystQueryLogInput = Omit<AnalystQueryLogEntry, 'id' | 'at'> & { at: Date };

interface Row {
  id_text: string;
  at: Date | string;
  analyst_id: string;
  analyst_email: string;
  query: string;
  format: string | null;
  outcome: AnalystQueryLogEntry['outcome'];
  error_code: number | null;
  error: string | null;
  rows: string | number | null;
  elapsed_ms: number;
}

/** Every analyst query through /clickhouse, in the analytics service's PostgreSQL. */
export class AnalystQueryLog {
  private constructor(private readonly sql: SqlClient) {}

  static async create(sql: SqlClient): Promise<AnalystQueryLog> {
    await migrate(sql, 'analyst-query-log', MIGRATIONS);
    return new AnalystQueryLog(sql);
  }

  async append(entry: AnalystQueryLogInput): Promise<void> {
    await this.sql.query(
      `INSERT INTO analyst_query_log (at, analyst_id, analyst_email, query, format, outcome, error_code, error, rows, elapsed_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        entry.at.toISOString(),
        entry.analystId,
        entry.analystEmail,
        entry.query.slice(0, MAX_LOGGED_QUERY),
        entry.format,
        entry.outcome,
        entry.errorCode,
        entry.error,
        entry.rows,
        Math.round(entry.elapsedMs),
      ],
    );
  }

  /**
   * Newest first, by keyset on the numeric id (bigserial: the order of appending); the cursor is
   * the id of the last entry of the previous page. The id goes out as text (a bigint may pass 2^53)
   * under another name than the column's: ORDER BY takes an output column's name before a table
   * column's, and `id::text AS id` sorted the log as text (99, 98, ..., 9, 89, ...).
   */
  async list(
    limit: number,
    cursor?: string,
  ): Promise<{ items: AnalystQueryLogEntry[]; nextCursor: string | null }> {
    const { rows } = await this.sql.query<Row>(
      `SELECT l.id::text AS id_text, l.at, l.analyst_id, l.analyst_email, l.query, l.format, l.outcome,
         l.error_code, l.error, l.rows, l.elapsed_ms
       FROM analyst_query_log l WHERE ($1::bigint IS NULL OR l.id < $1::bigint) ORDER BY l.id DESC LIMIT $2`,
      [idBefore(cursor), limit + 1],
    );
    const items = rows.slice(0, limit).map(
      (r): AnalystQueryLogEntry => ({
        id: r.id_text,
        at: new Date(r.at).toISOString(),
        analystId: r.analyst_id,
        analystEmail: r.analyst_email,
        query: r.query,
        format: r.format,
        outcome: r.outcome,
        errorCode: r.error_code,
        error: r.error,
        rows: r.rows === null ? null : Number(r.rows),
        elapsedMs: r.elapsed_ms,
      }),
    );
    return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null };
  }
}
