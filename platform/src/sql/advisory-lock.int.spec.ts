import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SqlTarget, secondConnection, sqlTargets } from '../testing/sql';
import { describeTarget } from '../testing/targets';
import { withAdvisoryLock } from './advisory-lock';
import type { SqlClient } from './sql-client.port';

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lock names are per database, and test files share one: each test takes its own. */
const lockName = () => `test-lock-${process.pid}-${Math.random().toString(36).slice(2)}`;

for (const target of sqlTargets()) {
  // Holders must wait on other connections, as separate processes do: PGlite has only one.
  describeTarget(`withAdvisoryLock on ${target.name}`, secondConnection(target), () => {
    let sql: SqlClient;
    beforeAll(async () => {
      sql = await (target as SqlTarget).open();
    });
    afterAll(async () => {
      await sql?.close();
    });

    it('lets holders of one lock take turns, and lets others pass', async () => {
      const key = lockName();
      const log: string[] = [];
      const firstInside = signal();
      const releaseFirst = signal();
      const first = withAdvisoryLock(sql, key, async () => {
        log.push('first in');
        firstInside.resolve();
        await releaseFirst.promise;
        log.push('first out');
        return 1;
      });
      await firstInside.promise;
      const second = withAdvisoryLock(sql, key, async () => {
        log.push('second in');
        return 2;
      });
      // Another lock is not held up by this one.
      await withAdvisoryLock(sql, lockName(), async () => {
        log.push('other lock');
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(log).toEqual(['first in', 'other lock']);
      releaseFirst.resolve();
      expect(await Promise.all([first, second])).toEqual([1, 2]);
      expect(log).toEqual(['first in', 'other lock', 'first out', 'second in']);
    });

    it('releases the lock when the work fails', async () => {
      const key = lockName();
      await expect(
        withAdvisoryLock(sql, key, async () => {
          throw new Error('migration failed');
        }),
      ).rejects.toThrow('migration failed');
      expect(await withAdvisoryLock(sql, key, async () => 'next')).toBe('next');
    });
  });
}
