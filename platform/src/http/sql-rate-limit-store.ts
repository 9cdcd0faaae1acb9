import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { type Migration, migrate } from '../sql/migrations';
import type { SqlClient } from '../sql/sql-client.port';

const MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-rate-limit-hits',
    sql: `
      CREATE TABLE rate_limit_hits (
        name text NOT NULL,
        key text NOT NULL,
        hits integer NOT NULL,
        reset_at timestamptz NOT NULL,
        PRIMARY KEY (name, key)
      );
      CREATE INDEX rate_limit_hits_expired ON rate_limit_hits (reset_at);
    `,
  },
];

/** Windows that ended this long ago are deleted, at most once per interval per store. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * An express-rate-limit store in the service's database, so a limit holds across every instance
 * of a service rather than per process: two instances behind the gateway would otherwise each
 * grant the full allowance. One row per limited key and window (fixed windows, as the memory
 * store keeps); a hit is one upsert.
 */
export class SqlRateLimitStore implements Store {
  /** Counts are shared by every process on the database. */
  readonly localKeys = false;
  private windowMs = 60_000;
  private nextSweepAt = 0;

  private constructor(
    private readonly sql: SqlClient,
    /** Tells this limit's keys from another's in the shared table. */
    readonly prefix: string,
    private readonly now: () => number,
  ) {}

  static async create(
    sql: SqlClient,
    name: string,
    options: { now?: () => number } = {},
  ): Promise<SqlRateLimitStore> {
    await migrate(sql, 'rate-limits', MIGRATIONS);
    return new SqlRateLimitStore(sql, name, options.now ?? Date.now);
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.sql.query<{ hits: number; reset_at: Date | string }>(
      'SELECT hits, reset_at FROM rate_limit_hits WHERE name = $1 AND key = $2 AND reset_at > $3',
      [this.prefix, key, new Date(this.now()).toISOString()],
    );
    const row = rows[0];
    return row ? { totalHits: row.hits, resetTime: new Date(row.reset_at) } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.now();
    await this.sweep(now);
    // A window that has ended starts again at this hit.
    const { rows } = await this.sql.query<{ hits: number; reset_at: Date | string }>(
      `INSERT INTO rate_limit_hits AS r (name, key, hits, reset_at) VALUES ($1, $2, 1, $4::timestamptz)
       ON CONFLICT (name, key) DO UPDATE SET
         hits = CASE WHEN r.reset_at <= $3::timestamptz THEN 1 ELSE r.hits + 1 END,
         reset_at = CASE WHEN r.reset_at <= $3::timestamptz THEN $4::timestamptz ELSE r.reset_at END
       RETURNING hits, reset_at`,
      [this.prefix, key, new Date(now).toISOString(), new Date(now + this.windowMs).toISOString()],
    );
    const row = rows[0]!;
    return { totalHits: row.hits, resetTime: new Date(row.reset_at) };
  }

  async decrement(key: string): Promise<void> {
    await this.sql.query(
      'UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE name = $1 AND key = $2',
      [this.prefix, key],
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.sql.query('DELETE FROM rate_limit_hits WHERE name = $1 AND key = $2', [this.prefix, key]);
  }

  /** Deletes ended windows of this limit now and then, so the table holds only live ones. */
  private async sweep(now: number): Promise<void> {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_INTERVAL_MS;
    await this.sql.query('DELETE FROM rate_limit_hits WHERE name = $1 AND reset_at <= $2', [
      this.prefix,
      new Date(now).toISOString(),
    ]);
  }
}
