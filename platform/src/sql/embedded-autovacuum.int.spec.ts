import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger';
import { capturingLogger } from '../testing/capturing-logger';
import { eventually } from '../testing/eventually';
import { EmbeddedAutovacuum } from './embedded-autovacuum';
import { PgliteSqlClient } from './pglite-client.adapter';

/** Rows of some 6 KB each, stored out of line like the bus log's record batches. */
async function fill(sql: PgliteSqlClient, table: string, rows: number): Promise<void> {
  await sql.query(
    `INSERT INTO ${table} (body) SELECT repeat(md5(g::text), 190) FROM generate_series(1, $1) g`,
    [rows],
  );
}

async function size(sql: PgliteSqlClient, table: string): Promise<number> {
  const { rows } = await sql.query<{ bytes: number }>('SELECT pg_total_relation_size($1)::int8 AS bytes', [
    table,
  ]);
  return rows[0]!.bytes;
}

describe('embedded autovacuum (PGlite has no autovacuum of its own)', () => {
  let sql: PgliteSqlClient | undefined;
  let autovacuum: EmbeddedAutovacuum | undefined;

  afterEach(async () => {
    await autovacuum?.stop();
    await sql?.close();
    autovacuum = undefined;
    sql = undefined;
  });

  async function open(): Promise<PgliteSqlClient> {
    sql = await PgliteSqlClient.open();
    await sql.exec(`
      CREATE TABLE log (id bigserial PRIMARY KEY, body text NOT NULL);
      ALTER TABLE log ALTER COLUMN body SET STORAGE EXTERNAL;
      CREATE TABLE quiet (id int PRIMARY KEY);
      INSERT INTO quiet VALUES (1), (2), (3);`);
    return sql;
  }

  it('vacuums a table whose rows were deleted, so new rows reuse its space instead of growing its files', async () => {
    const db = await open();
    autovacuum = EmbeddedAutovacuum.start(db, { logger: silentLogger(), intervalMs: 3_600_000 });
    await fill(db, 'log', 2_000);
    await autovacuum.runOnce(); // its first vacuum after the inserts
    const full = await size(db, 'log');
    await db.query('DELETE FROM log');

    const run = await autovacuum.runOnce();
    expect(run.vacuumed).toContain('public.log');
    expect(run.vacuumed).not.toContain('public.quiet');
    await fill(db, 'log', 2_000);
    // Without the vacuum the table would hold both generations (twice `full`).
    expect(await size(db, 'log')).toBeLessThan(full * 1.2);
  });

  it('decides as PostgreSQL autovacuum does: nothing for a few changes, analyze after many, vacuum after many deletes', async () => {
    const db = await open();
    autovacuum = EmbeddedAutovacuum.start(db, { logger: silentLogger(), intervalMs: 3_600_000 });
    await fill(db, 'log', 1_200);
    const first = await autovacuum.runOnce();
    expect(first.vacuumed).toContain('public.log'); // 1,200 inserted > 1,000 + 0.2 × 0 rows
    expect(first.analyzed).toContain('public.log'); // 1,200 changed > 50 + 0.1 × 0 rows
    const { rows } = await db.query<{ reltuples: number }>(
      "SELECT reltuples FROM pg_class WHERE relname = 'log'",
    );
    expect(rows[0]!.reltuples).toBe(1_200);

    await db.query('DELETE FROM log WHERE id <= 100'); // 100 dead < 50 + 0.2 × 1,200; changed < 50 + 120
    expect(await autovacuum.runOnce()).toEqual({ vacuumed: [], analyzed: [] });

    await db.query('DELETE FROM log WHERE id <= 400'); // 400 dead > 290; 400 changed > 170
    expect(await autovacuum.runOnce()).toEqual({ vacuumed: ['public.log'], analyzed: ['public.log'] });
    expect(await autovacuum.runOnce()).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('vacuums a TOAST table for its dead rows, not for rows inserted (a VACUUM holds up the event loop)', async () => {
    const db = await open();
    autovacuum = EmbeddedAutovacuum.start(db, { logger: silentLogger(), intervalMs: 3_600_000 });
    const vacuums = async () => {
      const { rows } = await db.query<{ table: number; toast: number }>(
        `SELECT t.vacuum_count::int AS table, toast.vacuum_count::int AS toast
         FROM pg_class c
         JOIN pg_stat_all_tables t ON t.relid = c.oid
         JOIN pg_stat_all_tables toast ON toast.relid = c.reltoastrelid
         WHERE c.relname = 'log'`,
      );
      return rows[0];
    };
    await fill(db, 'log', 1_200);
    expect((await autovacuum.runOnce()).vacuumed).toEqual(['public.log']);
    expect(await vacuums()).toEqual({ table: 1, toast: 1 }); // its first: it learns its row count

    await fill(db, 'log', 2_000);
    expect((await autovacuum.runOnce()).vacuumed).toEqual(['public.log']);
    expect(await vacuums()).toEqual({ table: 2, toast: 1 }); // inserts alone: the table only

    await db.query('DELETE FROM log WHERE id <= 1000');
    expect((await autovacuum.runOnce()).vacuumed).toEqual(['public.log']);
    expect(await vacuums()).toEqual({ table: 3, toast: 2 });
  });

  it('leaves alone a table whose autovacuum is turned off', async () => {
    const db = await open();
    await db.query('ALTER TABLE log SET (autovacuum_enabled = false)');
    autovacuum = EmbeddedAutovacuum.start(db, { logger: silentLogger(), intervalMs: 3_600_000 });
    await fill(db, 'log', 1_200);
    await db.query('DELETE FROM log');
    expect(await autovacuum.runOnce()).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('checks on its own every interval, and stop() ends the checks', async () => {
    const db = await open();
    const { logger, text } = capturingLogger();
    await fill(db, 'log', 1_500);
    autovacuum = EmbeddedAutovacuum.start(db, { logger, intervalMs: 50 });
    await eventually(async () => {
      const { rows } = await db.query<{ last_vacuum: Date | null }>(
        "SELECT last_vacuum FROM pg_stat_all_tables WHERE relname = 'log'",
      );
      expect(rows[0]!.last_vacuum).not.toBeNull();
    });
    await autovacuum.stop();
    await fill(db, 'log', 1_500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await db.query<{ vacuums: number }>(
      "SELECT vacuum_count::int AS vacuums FROM pg_stat_all_tables WHERE relname = 'log'",
    );
    expect(rows[0]!.vacuums).toBe(1);
    expect(text()).not.toContain('failed');
  });
});
