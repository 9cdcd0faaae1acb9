import type { Options } from 'express-rate-limit';
import { afterEach, expect, it } from 'vitest';
import type { SqlClient } from '../sql/sql-client.port';
import { describeTargets, sqlTargets } from '../testing';
import { SqlRateLimitStore } from './sql-rate-limit-store';

const WINDOW_MS = 60_000;

describeTargets(
  sqlTargets(),
  (target) => `SqlRateLimitStore on ${target.name}`,
  (target) => {
    let sql: SqlClient | undefined;
    afterEach(async () => {
      await sql?.close();
      sql = undefined;
    });

    /** A store as one service instance holds it, on a clock the test moves. */
    async function storeOn(db: SqlClient, name: string, clock: { now: number }) {
      const store = await SqlRateLimitStore.create(db, name, { now: () => clock.now });
      store.init({ windowMs: WINDOW_MS } as Options);
      return store;
    }

    it('counts the hits of every instance on the database together, per limit and key', async () => {
      sql = await target.open();
      const clock = { now: Date.parse('2026-11-25T10:00:00Z') };
      const first = await storeOn(sql, 'signings', clock);
      const second = await storeOn(sql, 'signings', clock);
      const other = await storeOn(sql, 'logins', clock);

      expect((await first.increment('203.0.113.7')).totalHits).toBe(1);
      expect((await second.increment('203.0.113.7')).totalHits).toBe(2);
      const third = await first.increment('203.0.113.7');
      expect(third.totalHits).toBe(3);
      expect(third.resetTime).toEqual(new Date(clock.now + WINDOW_MS));
      expect((await second.increment('198.51.100.1')).totalHits).toBe(1);
      expect((await other.increment('203.0.113.7')).totalHits).toBe(1);
      expect(await second.get('203.0.113.7')).toEqual({
        totalHits: 3,
        resetTime: new Date(clock.now + WINDOW_MS),
      });
    });

    it('starts a new window once the last has ended, and takes back a hit on decrement', async () => {
      sql = await target.open();
      const clock = { now: Date.parse('2026-11-25T10:00:00Z') };
      const store = await storeOn(sql, 'signings', clock);
      await store.increment('k');
      await store.increment('k');
      await store.decrement('k');
      expect((await store.get('k'))?.totalHits).toBe(1);

      clock.now += WINDOW_MS - 1;
      expect((await store.increment('k')).totalHits).toBe(2);
      clock.now += 1;
      expect(await store.get('k')).toBeUndefined();
      const fresh = await store.increment('k');
      expect(fresh).toEqual({ totalHits: 1, resetTime: new Date(clock.now + WINDOW_MS) });

      await store.resetKey('k');
      expect(await store.get('k')).toBeUndefined();
    });

    it('deletes ended windows as it goes, so the table keeps only live ones', async () => {
      sql = await target.open();
      const clock = { now: Date.parse('2026-11-25T10:00:00Z') };
      const store = await storeOn(sql, 'signings', clock);
      for (const key of ['a', 'b', 'c']) await store.increment(key);
      clock.now += 11 * 60_000;
      await store.increment('d');
      const { rows } = await sql.query<{ key: string }>('SELECT key FROM rate_limit_hits ORDER BY key');
      expect(rows.map((r) => r.key)).toEqual(['d']);
    });
  },
);
