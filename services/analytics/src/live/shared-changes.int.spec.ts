import { PgSqlClient } from '@risk-profile/platform';
import { capturingLogger, describeTarget, eventually } from '@risk-profile/platform/testing';
import { afterEach, expect, it } from 'vitest';
import { ChangeFeed } from './change-feed';
import { type SharedChanges, shareChanges } from './shared-changes';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** A client on `schema` of the test server: instances sharing a store share their schema. */
function clientOn(schema: string): PgSqlClient {
  const sep = url!.includes('?') ? '&' : '?';
  return PgSqlClient.open(`${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`, {
    max: 2,
  });
}

async function freshSchema(): Promise<string> {
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = PgSqlClient.open(url!, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  await admin.close();
  return schema;
}

/** One analytics instance's side: its own feed (what its dashboards hear) and its notices. */
async function instance(schema: string) {
  const sql = clientOn(schema);
  const feed = new ChangeFeed(0);
  let heard = 0;
  feed.subscribe(() => heard++);
  const shared = await shareChanges(sql, feed, capturingLogger().logger);
  opened.push({ sql, shared, feed });
  return { sql, feed, shared, heard: () => heard };
}

const opened: Array<{ sql: PgSqlClient; shared: SharedChanges; feed: ChangeFeed }> = [];
afterEach(async () => {
  for (const { sql, shared, feed } of opened.splice(0)) {
    await shared.close();
    feed.close();
    await sql.close();
  }
});

describeTarget(
  'analytics instances tell each other of their writes',
  {
    name: 'PostgreSQL server',
    skipReason: url ? undefined : 'no PostgreSQL server configured (set TEST_DATABASE_URL)',
  },
  () => {
    it("announces another instance's write on this instance's feed, not its own, nor another store's", async () => {
      const schema = await freshSchema();
      const a = await instance(schema);
      const b = await instance(schema);
      const elsewhere = await instance(await freshSchema());

      a.shared.written();
      await eventually(async () => expect(b.heard()).toBe(1));
      b.shared.written();
      await eventually(async () => expect(a.heard()).toBe(1));
      // A round trip through the server after both writes: anything still to arrive has arrived.
      await a.sql.query('SELECT 1');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(a.heard()).toBe(1);
      expect(b.heard()).toBe(1);
      expect(elsewhere.heard()).toBe(0);
    });

    it('after its listening connection is cut, reconnects and announces that something may have changed', async () => {
      const schema = await freshSchema();
      const a = await instance(schema);
      const b = await instance(schema);
      // Ends both instances' listening connections (the pool's own backend is spared).
      await a.sql.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN %' AND query LIKE $1`,
        [`%${schema}%`],
      );
      await eventually(async () => expect(a.heard() + b.heard()).toBe(2));
      const before = b.heard();
      a.shared.written();
      await eventually(async () => expect(b.heard()).toBeGreaterThan(before));
    });
  },
);
