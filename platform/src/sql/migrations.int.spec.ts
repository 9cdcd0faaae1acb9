import { afterAll, beforeAll, expect, it } from 'vitest';
import { sqlTargets } from '../testing/sql';
import { describeTargets } from '../testing/targets';
import { migrate } from './migrations';
import type { SqlClient } from './sql-client.port';

const migrations = [
  {
    id: '001-create',
    sql: 'CREATE TABLE things (id int PRIMARY KEY);\nCREATE INDEX things_id ON things (id);',
  },
  { id: '002-column', sql: 'ALTER TABLE things ADD COLUMN name text' },
];

describeTargets(
  sqlTargets(),
  (target) => `migrate on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    beforeAll(async () => {
      sql = await target.open();
    });
    afterAll(async () => {
      await sql?.close();
    });

    it('applies each migration once, in order, even when run concurrently', async () => {
      await Promise.all([migrate(sql, 'things', migrations), migrate(sql, 'things', migrations)]);
      await migrate(sql, 'things', migrations);
      const { rows } = await sql.query<{ id: string }>(
        "SELECT id FROM schema_migrations WHERE module = 'things' ORDER BY id",
      );
      expect(rows.map((r) => r.id)).toEqual(['001-create', '002-column']);
      await sql.query("INSERT INTO things (id, name) VALUES (1, 'one')");
      expect((await sql.query('SELECT name FROM things')).rows).toEqual([{ name: 'one' }]);
    });

    it('rolls a failing migration back whole', async () => {
      const broken = [{ id: '001-broken', sql: 'CREATE TABLE half (id int);\nCREATE TABLE half (id int);' }];
      await expect(migrate(sql, 'broken', broken)).rejects.toThrow();
      const { rows } = await sql.query("SELECT to_regclass('half') AS t");
      expect(rows).toEqual([{ t: null }]);
    });

    it('parses int8 to a number and keeps jsonb and timestamps typed', async () => {
      const { rows } = await sql.query<{ n: number; j: unknown; t: Date }>(
        `SELECT 42::int8 AS n, '{"a":[1]}'::jsonb AS j, now() AS t`,
      );
      expect(rows[0]!.n).toBe(42);
      expect(rows[0]!.j).toEqual({ a: [1] });
      expect(rows[0]!.t).toBeInstanceOf(Date);
    });
  },
);
