import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PgliteSqlClient } from './pglite-client.adapter';

describe('PGlite on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-disk-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a new database folder, keeps its data across a reopen, and uses the embedded settings', async () => {
    const dataDir = join(dir, 'db');
    const first = await PgliteSqlClient.open(dataDir);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    await first.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
    await first.close();

    const second = await PgliteSqlClient.open(dataDir);
    try {
      expect((await second.query('SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
      const { rows } = await second.query<{ setting: string }>(
        "SELECT setting FROM pg_settings WHERE name = 'shared_buffers'",
      );
      expect(Number(rows[0]!.setting) * 8).toBe(32 * 1024);
    } finally {
      await second.close();
    }
  });

  it('gives each new folder a database of its own (new folders are copies of one empty database)', async () => {
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    const one = await PgliteSqlClient.open(a);
    await one.exec("CREATE TABLE only_in_a (v text); INSERT INTO only_in_a VALUES ('a')");
    await one.close();
    const other = await PgliteSqlClient.open(b);
    try {
      const { rows } = await other.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_in_a'",
      );
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await other.close();
    }
  });

  it('keeps every commit acknowledged together while its WAL flushes are shared (group commit)', async () => {
    const dataDir = join(dir, 'grouped');
    const db = await PgliteSqlClient.open(dataDir);
    await db.exec('CREATE TABLE done (writer int, n int)');
    await Promise.all(
      Array.from({ length: 10 }, (_, writer) =>
        (async () => {
          for (let n = 0; n < 20; n++) {
            await db.transaction(async (tx) => {
              await tx.query('INSERT INTO done VALUES ($1, $2)', [writer, n]);
            });
          }
        })(),
      ),
    );
    await db.close();
    const again = await PgliteSqlClient.open(dataDir);
    try {
      expect((await again.query('SELECT count(*)::int AS n FROM done')).rows).toEqual([{ n: 200 }]);
    } finally {
      await again.close();
    }
  });
});

describe('PGlite statements, prepared once per text', () => {
  it('runs a text again after it failed, and after a migration changed the columns it returns', async () => {
    const db = await PgliteSqlClient.open();
    try {
      await db.exec('CREATE TABLE t (a int)');
      await db.query('INSERT INTO t VALUES ($1)', [1]);
      await expect(db.query('INSERT INTO t VALUES ($1)', ['not a number'])).rejects.toThrow(/integer/);
      await db.query('INSERT INTO t VALUES ($1)', [2]);
      expect((await db.query('SELECT * FROM t ORDER BY a')).rows).toEqual([{ a: 1 }, { a: 2 }]);
      await db.exec('ALTER TABLE t ADD COLUMN b text');
      expect((await db.query('SELECT * FROM t ORDER BY a')).rows).toEqual([
        { a: 1, b: null },
        { a: 2, b: null },
      ]);
      await expect(db.query('SELECT nope FROM t')).rejects.toThrow(/nope/);
      await db.exec('ALTER TABLE t ADD COLUMN nope int');
      expect((await db.query('SELECT nope FROM t')).rows).toEqual([{ nope: null }, { nope: null }]);
    } finally {
      await db.close();
    }
  });
});
