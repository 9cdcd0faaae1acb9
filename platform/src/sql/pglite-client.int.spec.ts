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
});
