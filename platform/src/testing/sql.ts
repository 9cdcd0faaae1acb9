import { afterAll, beforeAll } from 'vitest';
import { PgSqlClient } from '../sql/pg-client.adapter';
import { PgliteSqlClient } from '../sql/pglite-client.adapter';
import type { SqlClient } from '../sql/sql-client.port';
import type { TestTarget } from './targets';

export interface SqlTarget extends TestTarget {
  /** A fresh, empty database for one test file. */
  open(): Promise<SqlClient>;
}

/**
 * Every SQL target a contract suite runs against: embedded PGlite always, and a PostgreSQL
 * server when TEST_DATABASE_URL (or DATABASE_URL) is set; each test file gets its own schema there.
 */
export function sqlTargets(): SqlTarget[] {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  return [
    { name: 'PGlite', open: () => PgliteSqlClient.open() },
    {
      name: 'PostgreSQL server',
      skipReason: url ? undefined : 'no PostgreSQL server configured (set TEST_DATABASE_URL)',
      open: async () => {
        const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
        const admin = PgSqlClient.open(url!, { max: 1 });
        await admin.exec(`CREATE SCHEMA ${schema}`);
        await admin.close();
        const sep = url!.includes('?') ? '&' : '?';
        return PgSqlClient.open(`${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`);
      },
    },
  ];
}

/**
 * The same database reached over a second connection at once, for tests that hold a transaction
 * open while another commits: PGlite has a single connection, so there it is skipped.
 */
export function secondConnection(target: SqlTarget): TestTarget {
  return {
    name: `${target.name}, second connection`,
    skipReason:
      target.skipReason ?? (target.name === 'PGlite' ? 'PGlite has a single connection' : undefined),
  };
}

/**
 * A fresh database of `target` opened before the suite, with what `create` builds on it, and
 * closed after the suite (after `dispose`); read its fields inside hooks and tests, not while the
 * suite is declared.
 */
export function freshDatabase<T extends object>(
  target: SqlTarget,
  create: (sql: SqlClient) => Promise<T>,
  dispose?: (fixture: T) => Promise<void>,
): T & { readonly sql: SqlClient } {
  const fixture = {} as T & { sql: SqlClient };
  let created = false;
  beforeAll(async () => {
    fixture.sql = await target.open();
    Object.assign(fixture, await create(fixture.sql));
    created = true;
  });
  afterAll(async () => {
    if (created) await dispose?.(fixture);
    await fixture.sql?.close();
  });
  return fixture;
}

/**
 * How many events the store holds, counted in its table: readAll stops
 * below the server's oldest running transaction, and on a shared PostgreSQL server another test
 * file's transaction can hold it back at any moment, so a count through readAll may come up short.
 */
export async function storedEventCount(sql: SqlClient): Promise<number> {
  const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events');
  return rows[0]!.n;
}
