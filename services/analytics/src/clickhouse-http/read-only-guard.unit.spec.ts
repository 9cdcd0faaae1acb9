import { describe, expect, it } from 'vitest';
import { BI_TOOL_QUERIES } from '../testing/bi-tool-queries';
import RECORDED_PARSES from '../testing/recorded-parses.json' with { type: 'json' };
import { REFUSED_QUERIES } from '../testing/refused-queries';
import type { ClickHouseError } from './clickhouse-error';
import { checkReadOnly, type GuardVerdict, parseAst } from './read-only-guard';

/** [formatQuery(sql), EXPLAIN AST of it], as chDB 3.4.0 answers them. */
const PARSED = RECORDED_PARSES as Record<string, string[]> as Record<
  string,
  [formatted: string, ast: string]
>;

// Every case runs on the text chDB 3.4.0 (ClickHouse 26.7.2) answers for it, as /clickhouse gets
// it: `SELECT formatQuery(q)`, then `EXPLAIN AST` of that (PARSED, recorded in
// testing/recorded-parses.json; the BI tools' queries carry theirs in testing/bi-tool-queries.ts).
// To add a case, run those two queries on a chDB Session for it and add both answers.

/** The check as the route runs it on a query's parse: with its formatted text too, or without. */
const check = (sql: string, text: 'with text' | 'ast only' = 'ast only'): GuardVerdict => {
  const parsed = PARSED[sql];
  if (!parsed) throw new Error(`No parse recorded for ${sql}`);
  const [formatted, ast] = parsed;
  return checkReadOnly(parseAst(ast), {
    database: 'analytics',
    ...(text === 'with text' ? { sql: formatted } : {}),
  });
};
const refusal = (run: () => unknown): ClickHouseError => {
  try {
    run();
  } catch (error) {
    return error as ClickHouseError;
  }
  throw new Error('not refused');
};

describe('read-only guard: the queries BI tools send', () => {
  for (const q of BI_TOOL_QUERIES) {
    const run = (sql?: string) => () =>
      checkReadOnly(parseAst(q.ast), { database: 'analytics', ...(sql ? { sql } : {}) });
    it(`allows ${q.tool}'s ${JSON.stringify(q.sql.slice(0, 70))}`, () => {
      const format = /\nFORMAT (\w+)$/.exec(q.formatted)?.[1] ?? null;
      expect(run()().format).toBe(format);
      expect(run(q.formatted)().format).toBe(format);
    });
  }
});

describe('read-only guard: FORMAT and the names a statement is about', () => {
  it.each([
    ['SHOW TABLES FORMAT JSONEachRow', 'JSONEachRow'],
    ['SHOW TABLES FROM analytics FORMAT JSONEachRow', 'JSONEachRow'],
    ['SHOW TABLES FROM system', null],
    ['SHOW DATABASES FORMAT JSONEachRow', 'JSONEachRow'],
    ["SHOW TABLES LIKE 'a%' LIMIT 3 FORMAT JSON", 'JSON'],
    ['EXISTS TABLE analytics.assessments FORMAT JSONEachRow', 'JSONEachRow'],
    ['EXISTS TABLE assessments FORMAT JSON', 'JSON'],
    ['EXISTS DATABASE analytics FORMAT JSON', 'JSON'],
    ['SHOW CREATE TABLE analytics.assessments FORMAT TSVRaw', 'TSVRaw'],
    ['EXPLAIN SELECT 1 FORMAT JSON', 'JSON'],
  ])('reads %j as a read in format %j, with or without its text', (sql, format) => {
    expect(check(sql).format).toBe(format);
    expect(check(sql, 'with text').format).toBe(format);
  });

  it.each([
    ['SHOW TABLES FROM default', /database default/],
    ['SHOW TABLES FROM other FORMAT JSON', /database other/],
    ['EXISTS TABLE system.query_log FORMAT JSON', /system\.query_log/],
    ['SHOW CREATE TABLE system.query_log FORMAT TSV', /system\.query_log/],
    ['EXISTS DATABASE default FORMAT JSON', /database default/],
  ])('refuses %j: a database or table outside', (sql, message) => {
    for (const text of ['ast only', 'with text'] as const) {
      const error = refusal(() => check(sql, text));
      expect(error.type).toBe('ACCESS_DENIED');
      expect(error.message).toMatch(message);
    }
  });

  it('takes a lone name after SHOW TABLES for its FORMAT when it names a format, and its text tells', () => {
    // EXPLAIN AST prints SHOW TABLES FROM JSON as it prints SHOW TABLES FORMAT JSON.
    expect(check('SHOW TABLES FROM JSON').format).toBe('JSON');
    expect(refusal(() => check('SHOW TABLES FROM JSON', 'with text')).message).toMatch(/database JSON/);
  });
});

describe('read-only guard: SHOW clauses EXPLAIN AST leaves out, checked on the formatted text', () => {
  it.each([
    'SHOW TABLES FROM analytics WHERE name IN (SELECT query FROM system.query_log)',
    'SHOW TABLES FROM analytics LIMIT (SELECT count() FROM system.query_log)',
    'SHOW CLUSTERS',
    'SHOW COLUMNS FROM query_log FROM system',
  ])('refuses %j given the text', (sql) => {
    expect(refusal(() => check(sql, 'with text')).type).toBe('ACCESS_DENIED');
  });

  it('allows SHOW COLUMNS of an analytics table with a name pattern', () => {
    expect(check("SHOW COLUMNS FROM assessments FROM analytics LIKE 'a%'", 'with text').format).toBeNull();
  });
});

describe('read-only guard: INTO OUTFILE in every statement', () => {
  it.each([
    "SHOW TABLES INTO OUTFILE '/tmp/x'",
    "SHOW DATABASES INTO OUTFILE '/tmp/x' FORMAT CSV",
    "EXISTS TABLE analytics.assessments INTO OUTFILE '/tmp/x'",
    "DESCRIBE TABLE analytics.assessments INTO OUTFILE '/tmp/x'",
    "EXPLAIN SYNTAX SELECT 1 INTO OUTFILE '/tmp/x'",
    "EXPLAIN AST SELECT 1 INTO OUTFILE '/tmp/x'",
    "SELECT 1 INTO OUTFILE '/tmp/x' APPEND",
  ])('refuses %j', (sql) => {
    for (const text of ['ast only', 'with text'] as const) {
      expect(refusal(() => check(sql, text)).message).toMatch(/INTO OUTFILE/);
    }
  });
});

describe('read-only guard: no file system paths', () => {
  it.each([
    'DESCRIBE TABLE system.tables',
    "SELECT name, engine FROM system.tables WHERE database = 'analytics'",
    'SELECT count(*) FROM system.tables',
    'SELECT * FROM (SELECT name FROM system.tables)',
    'SELECT * FROM analytics.assessments WHERE device_type IN (SELECT name FROM system.tables)',
    "SELECT name FROM system.tables WHERE name IN ('assessments', 'sessions')",
    // Every column, paths included: the engine shows its folder as /proc/self/cwd/….
    'SELECT * FROM system.tables',
    'SELECT * FROM system.databases',
    'SELECT t.* FROM system.tables AS t',
  ])('allows %j', (sql) => {
    expect(() => check(sql)).not.toThrow();
  });

  it.each([
    ['SELECT name, data_paths FROM system.tables', 'data_paths'],
    ["SELECT name FROM system.tables WHERE metadata_path LIKE '/%'", 'metadata_path'],
    ['SELECT data_path FROM system.databases', 'data_path'],
    ['SELECT system.tables.data_paths FROM system.tables', 'data_paths'],
    ['SELECT x FROM (SELECT metadata_path AS x FROM system.tables)', 'metadata_path'],
    ['SELECT name FROM system.tables ARRAY JOIN data_paths AS p', 'data_paths'],
  ])('refuses %j, naming the column', (sql, column) => {
    const error = refusal(() => check(sql));
    expect(error.type).toBe('ACCESS_DENIED');
    expect(error.message).toContain(`column ${column}`);
    expect(error.message).toMatch(/List the columns wanted/);
  });
});

describe('read-only guard: what it refused before is still refused', () => {
  it('allows displayName() (clickhouse-go asks it on connecting) and still refuses hostName()', () => {
    expect(() => check('SELECT displayName(), version(), revision(), timezone()')).not.toThrow();
    expect(refusal(() => check('SELECT hostName()')).type).toBe('ACCESS_DENIED');
  });

  // The writes, settings, table functions and tables clickhouse-http.int.spec.ts refuses through
  // /clickhouse (there, too, `SELECT 1; DROP TABLE ...` is refused by formatQuery, before the check).
  for (const sql of REFUSED_QUERIES) {
    it(`refuses ${JSON.stringify(sql)}`, () => {
      const error = refusal(() => check(sql));
      expect(['READONLY', 'ACCESS_DENIED']).toContain(error.type);
    });
  }
});
