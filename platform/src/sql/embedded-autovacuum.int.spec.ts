import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger';
import { capturingLogger } from '../testing/capturing-logger';
import { eventually } from '../testing/eventually';
import { type AutovacuumRun, EmbeddedAutovacuum } from './embedded-autovacuum';
import { PgliteSqlClient } from './pglite-client.adapter';

/** Rows of some 6 KB each, stored out of line like the bus log's record batches. */
async function fill(sql: PgliteSqlClient, table: string, rows: number): Promise<void> {
  await sql.query(
    `INSERT INTO ${table} (body) SELECT repeat(md5(g::text), 190) FROM generate_series(1, $1) g`,
    [rows],
  );
}

/** How often the log table and its TOAST table have been vacuumed. */
async function vacuumCounts(db: PgliteSqlClient): Promise<{ table: number; toast: number }> {
  const { rows } = await db.query<{ table: number; toast: number }>(
    `SELECT t.vacuum_count::int AS table, toast.vacuum_count::int AS toast
     FROM pg_class c
     JOIN pg_stat_all_tables t ON t.relid = c.oid
     JOIN pg_stat_all_tables toast ON toast.relid = c.reltoastrelid
     WHERE c.relname = 'log'`,
  );
  return rows[0]!;
}

/** The tables of this test (the catalogs have their own turns, by the same rules). */
async function ours(run: Promise<AutovacuumRun>): Promise<AutovacuumRun> {
  const { vacuumed, analyzed } = await run;
  const mine = (name: string) => name.startsWith('public.');
  return { vacuumed: vacuumed.filter(mine), analyzed: analyzed.filter(mine) };
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

  /** An autovacuum whose checks the test runs itself (its timer would wait an hour). */
  function checkedByHand(db: PgliteSqlClient): EmbeddedAutovacuum {
    autovacuum = EmbeddedAutovacuum.start(db, { logger: silentLogger(), intervalMs: 3_600_000 });
    return autovacuum;
  }

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
    const autovacuum = checkedByHand(db);
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
    const autovacuum = checkedByHand(db);
    await fill(db, 'log', 1_200);
    const first = await autovacuum.runOnce();
    expect(first.vacuumed).toContain('public.log'); // 1,200 inserted > 1,000 + 0.2 × 0 rows
    expect(first.analyzed).toContain('public.log'); // 1,200 changed > 50 + 0.1 × 0 rows
    const { rows } = await db.query<{ reltuples: number }>(
      "SELECT reltuples FROM pg_class WHERE relname = 'log'",
    );
    expect(rows[0]!.reltuples).toBe(1_200);

    await db.query('DELETE FROM log WHERE id <= 100'); // 100 dead < 50 + 0.2 × 1,200; changed < 50 + 120
    expect(await ours(autovacuum.runOnce())).toEqual({ vacuumed: [], analyzed: [] });

    await db.query('DELETE FROM log WHERE id <= 400'); // 400 dead > 290; 400 changed > 170
    expect(await ours(autovacuum.runOnce())).toEqual({ vacuumed: ['public.log'], analyzed: ['public.log'] });
    expect(await ours(autovacuum.runOnce())).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('vacuums a TOAST table for its dead rows, not for rows inserted (a VACUUM holds up the event loop)', async () => {
    const db = await open();
    const autovacuum = checkedByHand(db);
    await fill(db, 'log', 1_200);
    expect((await ours(autovacuum.runOnce())).vacuumed).toEqual(['public.log']);
    expect(await vacuumCounts(db)).toEqual({ table: 1, toast: 1 }); // its first: it learns its row count

    await fill(db, 'log', 2_000);
    expect((await ours(autovacuum.runOnce())).vacuumed).toEqual(['public.log']);
    expect(await vacuumCounts(db)).toEqual({ table: 2, toast: 1 }); // inserts alone: the table only

    await db.query('DELETE FROM log WHERE id <= 1000');
    expect((await ours(autovacuum.runOnce())).vacuumed).toEqual(['public.log']);
    expect(await vacuumCounts(db)).toEqual({ table: 3, toast: 2 });
  });

  it('analyzes alone a table with enough changed rows but too few dead ones', async () => {
    const db = await open();
    const autovacuum = checkedByHand(db);
    await fill(db, 'log', 1_200);
    await autovacuum.runOnce();
    await fill(db, 'log', 200); // 200 changed > 50 + 0.1 × 1,200; 200 inserted < 1,000 + 240
    expect(await ours(autovacuum.runOnce())).toEqual({ vacuumed: [], analyzed: ['public.log'] });
  });

  it('vacuums a TOAST table alone when only it is due', async () => {
    const db = await open();
    const autovacuum = checkedByHand(db);
    await fill(db, 'log', 1_200); // 4 chunks a row: 4,800 in the TOAST table
    await autovacuum.runOnce();
    const before = await vacuumCounts(db);
    // 285 dead rows < 50 + 0.2 × 1,200; 1,140 dead chunks > 50 + 0.2 × 4,800
    await db.query('UPDATE log SET body = reverse(body) WHERE id <= 285');
    expect((await ours(autovacuum.runOnce())).vacuumed).toEqual(['public.log']);
    expect(await vacuumCounts(db)).toEqual({ table: before.table, toast: before.toast + 1 });
  });

  it('vacuums shared catalogs too: the oldest transaction id of the database is theirs as well', async () => {
    const db = await open();
    const autovacuum = checkedByHand(db);
    for (let i = 0; i < 120; i++) await db.query(`CREATE ROLE churn_${i}`);
    for (let i = 0; i < 120; i++) await db.query(`DROP ROLE churn_${i}`);
    expect((await autovacuum.runOnce()).vacuumed).toContain('pg_catalog.pg_authid');
  });

  it('does not ask again and again for pg_statistic, which ANALYZE skips', async () => {
    const db = await open();
    const autovacuum = checkedByHand(db);
    // Analyzing 400 columns writes 400 rows of statistics: more than pg_statistic's threshold
    // (50 + 0.1 × its rows).
    const columns = Array.from({ length: 400 }, (_, i) => `c${i}`);
    await db.query(`CREATE TABLE wide (${columns.map((c) => `${c} int`).join(', ')})`);
    await db.query(
      `INSERT INTO wide SELECT ${columns.map(() => 'g').join(', ')} FROM generate_series(1, 100) g`,
    );
    expect((await autovacuum.runOnce()).analyzed).toContain('public.wide');
    expect((await autovacuum.runOnce()).analyzed).toEqual([]);
  });

  it('stop() waits for a check asked for by hand', async () => {
    const db = await open();
    const autovacuum = checkedByHand(db);
    await fill(db, 'log', 1_500);
    let finished = false;
    const run = autovacuum.runOnce().then(() => {
      finished = true;
    });
    await autovacuum.stop();
    expect(finished).toBe(true);
    await run;
  });

  it('leaves alone a table whose autovacuum is turned off', async () => {
    const db = await open();
    await db.query('ALTER TABLE log SET (autovacuum_enabled = false)');
    const autovacuum = checkedByHand(db);
    await fill(db, 'log', 1_200);
    await db.query('DELETE FROM log');
    expect(await ours(autovacuum.runOnce())).toEqual({ vacuumed: [], analyzed: [] });
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
