import { describe, expect, it } from 'vitest';
import { BI_TOOL_QUERIES } from '../testing/bi-tool-queries';
import { REFUSED_QUERIES } from '../testing/refused-queries';
import type { ClickHouseError } from './clickhouse-error';
import { checkReadOnly, type GuardVerdict, parseAst } from './read-only-guard';

// Every case runs on the text chDB 3.4.0 (ClickHouse 26.7.2) answers for it, as /clickhouse gets
// it: `SELECT formatQuery(q)`, then `EXPLAIN AST` of that (PARSED, at the end of this file; the BI
// tools' queries carry theirs in testing/bi-tool-queries.ts). To add a case, run those two queries
// on a chDB Session for it and paste both answers.

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
  ])('allows %j', (sql) => {
    expect(() => check(sql)).not.toThrow();
  });

  it.each([
    'SELECT * FROM system.tables',
    'SELECT * FROM system.databases',
    'SELECT t.* FROM system.tables AS t',
  ])('allows every column of %j: the engine shows its folder as /proc/self/cwd/…', (sql) => {
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

/** [formatQuery(sql), EXPLAIN AST of it], as chDB 3.4.0 answers them. */
const PARSED: Record<string, [formatted: string, ast: string]> = {
  'SHOW TABLES FORMAT JSONEachRow': [
    'SHOW TABLES\nFORMAT JSONEachRow',
    'ShowTables (children 1)\n Identifier JSONEachRow\n',
  ],
  'SHOW TABLES FROM analytics FORMAT JSONEachRow': [
    'SHOW TABLES FROM analytics\nFORMAT JSONEachRow',
    'ShowTables (children 2)\n Identifier analytics\n Identifier JSONEachRow\n',
  ],
  'SHOW TABLES FROM system': ['SHOW TABLES FROM system', 'ShowTables (children 1)\n Identifier system\n'],
  'SHOW DATABASES FORMAT JSONEachRow': [
    'SHOW DATABASES\nFORMAT JSONEachRow',
    'ShowTables (children 1)\n Identifier JSONEachRow\n',
  ],
  'SHOW TABLES FROM default': ['SHOW TABLES FROM default', 'ShowTables (children 1)\n Identifier default\n'],
  'SHOW TABLES FROM other FORMAT JSON': [
    'SHOW TABLES FROM other\nFORMAT JSON',
    'ShowTables (children 2)\n Identifier other\n Identifier JSON\n',
  ],
  'SHOW TABLES FROM JSON': ['SHOW TABLES FROM JSON', 'ShowTables (children 1)\n Identifier JSON\n'],
  "SHOW TABLES LIKE 'a%' LIMIT 3 FORMAT JSON": [
    "SHOW TABLES LIKE 'a%' LIMIT 3\nFORMAT JSON",
    'ShowTables (children 1)\n Identifier JSON\n',
  ],
  'SHOW TABLES FROM analytics WHERE name IN (SELECT query FROM system.query_log)': [
    'SHOW TABLES FROM analytics WHERE name IN (\n    SELECT query\n    FROM system.query_log\n)',
    'ShowTables (children 1)\n Identifier analytics\n',
  ],
  'SHOW TABLES FROM analytics LIMIT (SELECT count() FROM system.query_log)': [
    'SHOW TABLES FROM analytics LIMIT (\n    SELECT count()\n    FROM system.query_log\n)',
    'ShowTables (children 1)\n Identifier analytics\n',
  ],
  'SHOW CLUSTERS': ['SHOW CLUSTERS', 'ShowTables\n'],
  "SHOW COLUMNS FROM assessments FROM analytics LIKE 'a%'": [
    "SHOW COLUMNS FROM assessments FROM analytics LIKE 'a%'",
    'ShowColumns\n',
  ],
  'SHOW COLUMNS FROM query_log FROM system': ['SHOW COLUMNS FROM query_log FROM system', 'ShowColumns\n'],
  'EXISTS TABLE analytics.assessments FORMAT JSONEachRow': [
    'EXISTS TABLE analytics.assessments\nFORMAT JSONEachRow',
    'ExistsTableQuery analytics assessments (children 3)\n Identifier analytics\n Identifier assessments\n Identifier JSONEachRow\n',
  ],
  'EXISTS TABLE assessments FORMAT JSON': [
    'EXISTS TABLE assessments\nFORMAT JSON',
    'ExistsTableQuery  assessments (children 2)\n Identifier assessments\n Identifier JSON\n',
  ],
  'EXISTS DATABASE analytics FORMAT JSON': [
    'EXISTS DATABASE analytics\nFORMAT JSON',
    'ExistsDatabaseQuery analytics  (children 2)\n Identifier analytics\n Identifier JSON\n',
  ],
  'SHOW CREATE TABLE analytics.assessments FORMAT TSVRaw': [
    'SHOW CREATE TABLE analytics.assessments\nFORMAT TSVRaw',
    'ShowCreateTableQuery analytics assessments (children 3)\n Identifier analytics\n Identifier assessments\n Identifier TSVRaw\n',
  ],
  'EXISTS TABLE system.query_log FORMAT JSON': [
    'EXISTS TABLE system.query_log\nFORMAT JSON',
    'ExistsTableQuery system query_log (children 3)\n Identifier system\n Identifier query_log\n Identifier JSON\n',
  ],
  'SHOW CREATE TABLE system.query_log FORMAT TSV': [
    'SHOW CREATE TABLE system.query_log\nFORMAT TSV',
    'ShowCreateTableQuery system query_log (children 3)\n Identifier system\n Identifier query_log\n Identifier TSV\n',
  ],
  'EXISTS DATABASE default FORMAT JSON': [
    'EXISTS DATABASE default\nFORMAT JSON',
    'ExistsDatabaseQuery default  (children 2)\n Identifier default\n Identifier JSON\n',
  ],
  'EXPLAIN SELECT 1 FORMAT JSON': [
    'EXPLAIN\nSELECT 1\nFORMAT JSON',
    'Explain EXPLAIN (children 2)\n SelectWithUnionQuery (children 1)\n  ExpressionList (children 1)\n   SelectQuery (children 1)\n    ExpressionList (children 1)\n     Literal UInt64_1\n Identifier JSON\n',
  ],
  "SHOW TABLES INTO OUTFILE '/tmp/x'": [
    "SHOW TABLES\nINTO OUTFILE '/tmp/x'",
    "ShowTables (children 1)\n Literal '/tmp/x'\n",
  ],
  "SHOW DATABASES INTO OUTFILE '/tmp/x' FORMAT CSV": [
    "SHOW DATABASES\nINTO OUTFILE '/tmp/x'\nFORMAT CSV",
    "ShowTables (children 2)\n Literal '/tmp/x'\n Identifier CSV\n",
  ],
  "EXISTS TABLE analytics.assessments INTO OUTFILE '/tmp/x'": [
    "EXISTS TABLE analytics.assessments\nINTO OUTFILE '/tmp/x'",
    "ExistsTableQuery analytics assessments (children 3)\n Identifier analytics\n Identifier assessments\n Literal '/tmp/x'\n",
  ],
  "DESCRIBE TABLE analytics.assessments INTO OUTFILE '/tmp/x'": [
    "DESCRIBE TABLE analytics.assessments\nINTO OUTFILE '/tmp/x'",
    "DescribeQuery (children 2)\n TableExpression (children 1)\n  TableIdentifier analytics.assessments\n Literal '/tmp/x'\n",
  ],
  "EXPLAIN SYNTAX SELECT 1 INTO OUTFILE '/tmp/x'": [
    "EXPLAIN SYNTAX\nSELECT 1\nINTO OUTFILE '/tmp/x'",
    "Explain EXPLAIN SYNTAX (children 2)\n SelectWithUnionQuery (children 1)\n  ExpressionList (children 1)\n   SelectQuery (children 1)\n    ExpressionList (children 1)\n     Literal UInt64_1\n Literal '/tmp/x'\n",
  ],
  "EXPLAIN AST SELECT 1 INTO OUTFILE '/tmp/x'": [
    "EXPLAIN AST\nSELECT 1\nINTO OUTFILE '/tmp/x'",
    "Explain EXPLAIN AST (children 1)\n SelectWithUnionQuery (children 2)\n  ExpressionList (children 1)\n   SelectQuery (children 1)\n    ExpressionList (children 1)\n     Literal UInt64_1\n  Literal '/tmp/x'\n",
  ],
  "SELECT 1 INTO OUTFILE '/tmp/x' APPEND": [
    "SELECT 1\nINTO OUTFILE '/tmp/x' APPEND",
    "SelectWithUnionQuery (children 2)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 1)\n    Literal UInt64_1\n Literal '/tmp/x'\n",
  ],
  'DESCRIBE TABLE system.tables': [
    'DESCRIBE TABLE system.tables',
    'DescribeQuery (children 1)\n TableExpression (children 1)\n  TableIdentifier system.tables\n',
  ],
  "SELECT name, engine FROM system.tables WHERE database = 'analytics'": [
    "SELECT\n    name,\n    engine\nFROM system.tables\nWHERE database = 'analytics'",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 2)\n    Identifier name\n    Identifier engine\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n   Function equals (children 1)\n    ExpressionList (children 2)\n     Identifier database\n     Literal 'analytics'\n",
  ],
  'SELECT count(*) FROM system.tables': [
    'SELECT count(*)\nFROM system.tables',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Function count (children 1)\n     ExpressionList (children 1)\n      Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n',
  ],
  'SELECT * FROM (SELECT name FROM system.tables)': [
    'SELECT *\nFROM\n(\n    SELECT name\n    FROM system.tables\n)',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Subquery (children 1)\n       SelectWithUnionQuery (children 1)\n        ExpressionList (children 1)\n         SelectQuery (children 2)\n          ExpressionList (children 1)\n           Identifier name\n          TablesInSelectQuery (children 1)\n           TablesInSelectQueryElement (children 1)\n            TableExpression (children 1)\n             TableIdentifier system.tables\n',
  ],
  'SELECT * FROM analytics.assessments WHERE device_type IN (SELECT name FROM system.tables)': [
    'SELECT *\nFROM analytics.assessments\nWHERE device_type IN (\n    SELECT name\n    FROM system.tables\n)',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier analytics.assessments\n   Function in (children 1)\n    ExpressionList (children 2)\n     Identifier device_type\n     Subquery (children 1)\n      SelectWithUnionQuery (children 1)\n       ExpressionList (children 1)\n        SelectQuery (children 2)\n         ExpressionList (children 1)\n          Identifier name\n         TablesInSelectQuery (children 1)\n          TablesInSelectQueryElement (children 1)\n           TableExpression (children 1)\n            TableIdentifier system.tables\n',
  ],
  'SELECT * FROM system.tables': [
    'SELECT *\nFROM system.tables',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n',
  ],
  'SELECT * FROM system.databases': [
    'SELECT *\nFROM system.databases',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.databases\n',
  ],
  'SELECT t.* FROM system.tables AS t': [
    'SELECT t.*\nFROM system.tables AS t',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    QualifiedAsterisk (children 1)\n     Identifier t\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables (alias t)\n',
  ],
  'SELECT * EXCEPT (data_paths, metadata_path) FROM system.tables': [
    'SELECT * EXCEPT (data_paths, metadata_path)\nFROM system.tables',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk (children 1)\n     ColumnsTransformerList (children 1)\n      ColumnsExceptTransformer (children 2)\n       Identifier data_paths\n       Identifier metadata_path\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n',
  ],
  "SELECT COLUMNS('path') FROM system.tables": [
    "SELECT COLUMNS('path')\nFROM system.tables",
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    ColumnsRegexpMatcher\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n',
  ],
  'SELECT tuple(*) FROM system.databases': [
    'SELECT tuple(*)\nFROM system.databases',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Function tuple (children 1)\n     ExpressionList (children 1)\n      Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.databases\n',
  ],
  'SELECT name, data_paths FROM system.tables': [
    'SELECT\n    name,\n    data_paths\nFROM system.tables',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 2)\n    Identifier name\n    Identifier data_paths\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n',
  ],
  "SELECT name FROM system.tables WHERE metadata_path LIKE '/%'": [
    "SELECT name\nFROM system.tables\nWHERE metadata_path LIKE '/%'",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 1)\n    Identifier name\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n   Function like (children 1)\n    ExpressionList (children 2)\n     Identifier metadata_path\n     Literal '/%'\n",
  ],
  'SELECT data_path FROM system.databases': [
    'SELECT data_path\nFROM system.databases',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Identifier data_path\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.databases\n',
  ],
  'SELECT system.tables.data_paths FROM system.tables': [
    'SELECT system.tables.data_paths\nFROM system.tables',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Identifier system.tables.data_paths\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n',
  ],
  'SELECT x FROM (SELECT metadata_path AS x FROM system.tables)': [
    'SELECT x\nFROM\n(\n    SELECT metadata_path AS x\n    FROM system.tables\n)',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Identifier x\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Subquery (children 1)\n       SelectWithUnionQuery (children 1)\n        ExpressionList (children 1)\n         SelectQuery (children 2)\n          ExpressionList (children 1)\n           Identifier metadata_path (alias x)\n          TablesInSelectQuery (children 1)\n           TablesInSelectQueryElement (children 1)\n            TableExpression (children 1)\n             TableIdentifier system.tables\n',
  ],
  'SELECT * FROM analytics.assessments AS a INNER JOIN system.tables AS t ON a.device_type = t.name': [
    'SELECT *\nFROM analytics.assessments AS a\nINNER JOIN system.tables AS t ON a.device_type = t.name',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 2)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier analytics.assessments (alias a)\n    TablesInSelectQueryElement (children 2)\n     TableExpression (children 1)\n      TableIdentifier system.tables (alias t)\n     TableJoin (children 1)\n      Function equals (children 1)\n       ExpressionList (children 2)\n        Identifier a.device_type\n        Identifier t.name\n',
  ],
  'SELECT * FROM view(SELECT * FROM system.tables)': [
    'SELECT *\nFROM view(\n    SELECT *\n    FROM system.tables\n)',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function view (children 1)\n       ExpressionList (children 1)\n        SelectWithUnionQuery (children 1)\n         ExpressionList (children 1)\n          SelectQuery (children 2)\n           ExpressionList (children 1)\n            Asterisk\n           TablesInSelectQuery (children 1)\n            TablesInSelectQueryElement (children 1)\n             TableExpression (children 1)\n              TableIdentifier system.tables\n',
  ],
  'WITH t AS (SELECT * FROM system.databases) SELECT name FROM t': [
    'WITH\n    t AS\n    (\n        SELECT *\n        FROM system.databases\n    )\nSELECT name\nFROM t',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 1)\n    WithElement (children 1)\n     Subquery (children 1)\n      SelectWithUnionQuery (children 1)\n       ExpressionList (children 1)\n        SelectQuery (children 2)\n         ExpressionList (children 1)\n          Asterisk\n         TablesInSelectQuery (children 1)\n          TablesInSelectQueryElement (children 1)\n           TableExpression (children 1)\n            TableIdentifier system.databases\n   ExpressionList (children 1)\n    Identifier name\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier t\n',
  ],
  'SELECT name FROM system.tables ARRAY JOIN data_paths AS p': [
    'SELECT name\nFROM system.tables\nARRAY JOIN data_paths AS p',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Identifier name\n   TablesInSelectQuery (children 2)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n    TablesInSelectQueryElement (children 1)\n     ArrayJoin (children 1)\n      ExpressionList (children 1)\n       Identifier data_paths (alias p)\n',
  ],
  'SELECT displayName(), version(), revision(), timezone()': [
    'SELECT\n    displayName(),\n    version(),\n    revision(),\n    timezone()',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 4)\n    Function displayName (children 1)\n     ExpressionList\n    Function version (children 1)\n     ExpressionList\n    Function revision (children 1)\n     ExpressionList\n    Function timezone (children 1)\n     ExpressionList\n',
  ],
  'SELECT hostName()': [
    'SELECT hostName()',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 1)\n    Function hostName (children 1)\n     ExpressionList\n',
  ],
  'INSERT INTO analytics.question_events (event_id) VALUES (1)': [
    'INSERT INTO analytics.question_events (event_id) FORMAT Values',
    'InsertQuery   (children 3)\n Identifier analytics\n Identifier question_events\n ExpressionList (children 1)\n  Identifier event_id\n',
  ],
  'ALTER TABLE analytics.question_events DELETE WHERE 1': [
    'ALTER TABLE analytics.question_events\n    (DELETE WHERE 1)',
    'AlterQuery analytics question_events (children 3)\n ExpressionList (children 1)\n  AlterCommand DELETE (children 1)\n   Literal UInt64_1\n Identifier analytics\n Identifier question_events\n',
  ],
  'DROP TABLE analytics.question_events': [
    'DROP TABLE analytics.question_events',
    'DropQuery analytics question_events (children 2)\n Identifier analytics\n Identifier question_events\n',
  ],
  'TRUNCATE TABLE analytics.question_events': [
    'TRUNCATE TABLE analytics.question_events',
    'TruncateQuery analytics question_events (children 2)\n Identifier analytics\n Identifier question_events\n',
  ],
  'CREATE TABLE analytics.x (a Int8) ENGINE = Memory': [
    'CREATE TABLE analytics.x\n(\n    `a` Int8\n)\nENGINE = Memory',
    'CreateQuery analytics x (children 4)\n Identifier analytics\n Identifier x\n Columns definition (children 1)\n  ExpressionList (children 1)\n   ColumnDeclaration a (children 1)\n    DataType Int8\n Storage definition (children 1)\n  Function Memory\n',
  ],
  'OPTIMIZE TABLE analytics.question_events FINAL': [
    'OPTIMIZE TABLE analytics.question_events FINAL',
    'OptimizeQuery analytics question_events_final (children 2)\n Identifier analytics\n Identifier question_events\n',
  ],
  'SYSTEM DROP MARK CACHE': ['SYSTEM CLEAR MARK CACHE', 'SYSTEM query\n'],
  'KILL QUERY WHERE 1': [
    'KILL QUERY WHERE 1 ASYNC',
    'KillQueryQuery Literal_UInt64_1 ASYNC (children 1)\n Literal UInt64_1\n',
  ],
  'SET max_execution_time = 0': ['SET max_execution_time = 0', 'Set\n'],
  'USE system': ['USE system', 'UseQuery system (children 1)\n Identifier system\n'],
  'SELECT 1 SETTINGS max_execution_time = 0': [
    'SELECT 1\nSETTINGS max_execution_time = 0',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Literal UInt64_1\n   Set\n',
  ],
  "SELECT 1 INTO OUTFILE '/tmp/out.csv'": [
    "SELECT 1\nINTO OUTFILE '/tmp/out.csv'",
    "SelectWithUnionQuery (children 2)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 1)\n    Literal UInt64_1\n Literal '/tmp/out.csv'\n",
  ],
  "SELECT * FROM file('/etc/passwd', 'LineAsString')": [
    "SELECT *\nFROM file('/etc/passwd', 'LineAsString')",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function file (children 1)\n       ExpressionList (children 2)\n        Literal '/etc/passwd'\n        Literal 'LineAsString'\n",
  ],
  "SELECT * FROM url('http://127.0.0.1:1/', 'CSV', 'a String')": [
    "SELECT *\nFROM url('http://127.0.0.1:1/', 'CSV', 'a String')",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function url (children 1)\n       ExpressionList (children 3)\n        Literal 'http://127.0.0.1:1/'\n        Literal 'CSV'\n        Literal 'a String'\n",
  ],
  "SELECT * FROM s3('http://127.0.0.1:1/b/k.csv')": [
    "SELECT *\nFROM s3('http://127.0.0.1:1/b/k.csv')",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function s3 (children 1)\n       ExpressionList (children 1)\n        Literal 'http://127.0.0.1:1/b/k.csv'\n",
  ],
  "SELECT * FROM remote('127.0.0.1', system.one)": [
    "SELECT *\nFROM remote('127.0.0.1', system.one)",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function remote (children 1)\n       ExpressionList (children 2)\n        Literal '127.0.0.1'\n        Identifier system.one\n",
  ],
  "SELECT * FROM mysql('127.0.0.1:3306', 'db', 't', 'u', 'p')": [
    "SELECT *\nFROM mysql('127.0.0.1:3306', 'db', 't', 'u', 'p')",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function mysql (children 1)\n       ExpressionList (children 5)\n        Literal '127.0.0.1:3306'\n        Literal 'db'\n        Literal 't'\n        Literal 'u'\n        Literal 'p'\n",
  ],
  "SELECT * FROM postgresql('127.0.0.1:5432', 'db', 't', 'u', 'p')": [
    "SELECT *\nFROM postgresql('127.0.0.1:5432', 'db', 't', 'u', 'p')",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function postgresql (children 1)\n       ExpressionList (children 5)\n        Literal '127.0.0.1:5432'\n        Literal 'db'\n        Literal 't'\n        Literal 'u'\n        Literal 'p'\n",
  ],
  "SELECT * FROM executable('ls', 'TSV', 'a String')": [
    "SELECT *\nFROM executable('ls', 'TSV', 'a String')",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function executable (children 1)\n       ExpressionList (children 3)\n        Literal 'ls'\n        Literal 'TSV'\n        Literal 'a String'\n",
  ],
  "SELECT * FROM input('a String')": [
    "SELECT *\nFROM input('a String')",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function input (children 1)\n       ExpressionList (children 1)\n        Literal 'a String'\n",
  ],
  "SELECT * FROM merge('system', '.*')": [
    "SELECT *\nFROM merge('system', '.*')",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function merge (children 1)\n       ExpressionList (children 2)\n        Literal 'system'\n        Literal '.*'\n",
  ],
  "SELECT * FROM cluster('default', system.one)": [
    "SELECT *\nFROM cluster('default', system.one)",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function cluster (children 1)\n       ExpressionList (children 2)\n        Literal 'default'\n        Identifier system.one\n",
  ],
  "SELECT dictGet('d', 'a', 1)": [
    "SELECT dictGet('d', 'a', 1)",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 1)\n    Function dictGet (children 1)\n     ExpressionList (children 3)\n      Literal 'd'\n      Literal 'a'\n      Literal UInt64_1\n",
  ],
  "SELECT file('/etc/passwd')": [
    "SELECT file('/etc/passwd')",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 1)\n    Function file (children 1)\n     ExpressionList (children 1)\n      Literal '/etc/passwd'\n",
  ],
  'SELECT * FROM system.query_log': [
    'SELECT *\nFROM system.query_log',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.query_log\n',
  ],
  'SELECT query FROM system.processes': [
    'SELECT query\nFROM system.processes',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Identifier query\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.processes\n',
  ],
  'SELECT * FROM system.users': [
    'SELECT *\nFROM system.users',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.users\n',
  ],
  'SELECT 1 IN system.processes': [
    'SELECT 1 IN (system.processes)',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 1)\n    Function in (children 1)\n     ExpressionList (children 2)\n      Literal UInt64_1\n      Identifier system.processes\n',
  ],
  'SELECT * FROM view(SELECT * FROM system.users)': [
    'SELECT *\nFROM view(\n    SELECT *\n    FROM system.users\n)',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function view (children 1)\n       ExpressionList (children 1)\n        SelectWithUnionQuery (children 1)\n         ExpressionList (children 1)\n          SelectQuery (children 2)\n           ExpressionList (children 1)\n            Asterisk\n           TablesInSelectQuery (children 1)\n            TablesInSelectQueryElement (children 1)\n             TableExpression (children 1)\n              TableIdentifier system.users\n',
  ],
  'EXPLAIN SYNTAX INSERT INTO analytics.question_events SELECT * FROM analytics.question_events': [
    'EXPLAIN SYNTAX\nINSERT INTO analytics.question_events SELECT *\nFROM analytics.question_events',
    'Explain EXPLAIN SYNTAX (children 1)\n InsertQuery   (children 3)\n  Identifier analytics\n  Identifier question_events\n  SelectWithUnionQuery (children 1)\n   ExpressionList (children 1)\n    SelectQuery (children 2)\n     ExpressionList (children 1)\n      Asterisk\n     TablesInSelectQuery (children 1)\n      TablesInSelectQueryElement (children 1)\n       TableExpression (children 1)\n        TableIdentifier analytics.question_events\n',
  ],
  'SHOW PROCESSLIST': ['SHOW PROCESSLIST', 'ShowProcesslistQuery\n'],
  'GRANT SELECT ON *.* TO default': ['GRANT SELECT ON *.* TO default', 'GrantQuery\n'],
  'SELECT (1, 2) IN system.tables': [
    'SELECT (1, 2) IN (system.tables)',
    'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 1)\n    Function in (children 1)\n     ExpressionList (children 2)\n      Literal Tuple_(UInt64_1, UInt64_2)\n      Identifier system.tables\n',
  ],
  "SELECT name FROM system.tables WHERE name IN ('assessments', 'sessions')": [
    "SELECT name\nFROM system.tables\nWHERE name IN ('assessments', 'sessions')",
    "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 1)\n    Identifier name\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n   Function in (children 1)\n    ExpressionList (children 2)\n     Identifier name\n     Literal Tuple_('assessments', 'sessions')\n",
  ],
};
