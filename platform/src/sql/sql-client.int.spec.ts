import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SqlTarget, sqlTargets } from '../testing/sql';
import { describeTargets } from '../testing/targets';
import type { SqlClient } from './sql-client.port';

// Both adapters send parameters as node-postgres prepares them and parse results with their
// type parsers: the same call gives the same values on PGlite and on a server.
describeTargets(
  sqlTargets(),
  (t) => `SqlClient on ${t.name}`,
  (target: SqlTarget) => {
    let sql: SqlClient;
    beforeAll(async () => {
      sql = await target.open();
      await sql.exec(`CREATE TABLE kinds (
      id serial PRIMARY KEY, label text, n int, big bigint, ok boolean, at timestamptz,
      doc jsonb, tags text[], raw bytea, body text)`);
    });
    afterAll(() => sql.close());

    it('round-trips every kind of parameter the services pass, and null', async () => {
      const at = new Date('2026-11-23T01:02:03.456Z');
      const body = `${'€ ✓ "quoted" \\ back'.repeat(200)}`;
      const inserted = await sql.query<{ id: number }>(
        `INSERT INTO kinds (label, n, big, ok, at, doc, tags, raw, body)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9::text) RETURNING id`,
        [
          'é',
          42,
          9_007_199_254_740_000,
          true,
          at,
          JSON.stringify({ a: [1, 'b'] }),
          ['x', 'y z'],
          Buffer.from([0, 1, 255]),
          Buffer.from(body),
        ],
      );
      expect(inserted.rowCount).toBe(1);
      const { rows } = await sql.query(
        'SELECT label, n, big, ok, at, doc, tags, raw, body FROM kinds WHERE id = $1',
        [inserted.rows[0]!.id],
      );
      expect(rows).toEqual([
        {
          label: 'é',
          n: 42,
          big: 9_007_199_254_740_000,
          ok: true,
          at,
          doc: { a: [1, 'b'] },
          tags: ['x', 'y z'],
          raw: expect.anything(),
          body,
        },
      ]);
      expect([...(rows[0]!.raw as Uint8Array)]).toEqual([0, 1, 255]);
      const nulls = await sql.query('SELECT $1::text AS a, $2::int AS b', [null, undefined]);
      expect(nulls.rows).toEqual([{ a: null, b: null }]);
    });

    it('counts the rows a statement changed, inside a transaction too', async () => {
      await sql.query('INSERT INTO kinds (label) SELECT $1 FROM generate_series(1, 3)', ['batch']);
      const updated = await sql.transaction((tx) => tx.query("UPDATE kinds SET n = 1 WHERE label = 'batch'"));
      expect(updated.rowCount).toBe(3);
    });

    it('fails a bad statement with the database error and stays usable', async () => {
      await expect(sql.query('INSERT INTO kinds (id) VALUES ($1), ($1)', [999])).rejects.toMatchObject({
        code: '23505',
      });
      await expect(
        sql.transaction(async (tx) => {
          await tx.query("INSERT INTO kinds (label) VALUES ('rolled back')");
          await tx.query('SELECT 1/0');
        }),
      ).rejects.toMatchObject({ code: '22012' });
      const { rows } = await sql.query(
        "SELECT count(*)::int AS n FROM kinds WHERE label = 'rolled back' OR id = 999",
      );
      expect(rows).toEqual([{ n: 0 }]);
    });
  },
);
