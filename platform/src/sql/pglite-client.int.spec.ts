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
});
