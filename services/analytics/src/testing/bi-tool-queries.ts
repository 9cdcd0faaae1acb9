/**
 * The queries real BI tools send to a ClickHouse server's HTTP interface when they connect and
 * list the schema, as their sources build them (the SQL text only, with the analytics database and
 * its `assessments` table where the tool puts the names the user picked), for tests of /clickhouse
 * (docs/analyst-access.md). `source` says where each one is built; the client's own additions
 * (a `FORMAT` line) are kept as the client sends them.
 *
 * Read from the sources at: grafana/clickhouse-datasource 1d04063 (with ClickHouse/clickhouse-go
 * v2.47.0, its go.mod's version, for the HTTP connection), ClickHouse/clickhouse-connect 842e413,
 * ClickHouse/clickhouse-java f3c6f97 (jdbc-v2 and client-v2, the driver DBeaver's ClickHouse
 * connection uses) and dbeaver/dbeaver's ClickHouse plugin (2428359; ClickhouseMetaModel
 * unchanged in 2025). The JDBC driver's getColumns and getTypeInfo texts list its
 * ClickHouseDataType values in their declared order.
 *
 * `formatted` and `ast` are what the read-only check gets for each: `SELECT formatQuery(sql)`
 * and `EXPLAIN AST` of that, as chDB 3.4.0 (ClickHouse 26.7.2) answers them, for the unit tests
 * of read-only-guard.ts; bi-tools.int.spec.ts compares them with the running engine's. After a
 * chDB upgrade, regenerate them with a chDB Session and those two queries.
 */

import { BI_TOOL_CLIENT_QUERIES, type BiToolQuery } from './bi-tool-client-queries';

export type { BiToolQuery } from './bi-tool-client-queries';

/** Statements an analyst types and the table functions, then what the tools send. */
export const BI_TOOL_QUERIES: readonly BiToolQuery[] = [
  {
    tool: 'statement',
    sql: 'SHOW TABLES',
    source: 'issue 40',
    formatted: 'SHOW TABLES',
    ast: 'ShowTables\n',
  },
  {
    tool: 'statement',
    sql: 'SHOW TABLES FORMAT JSONEachRow',
    source: 'issue 40',
    formatted: 'SHOW TABLES\nFORMAT JSONEachRow',
    ast: 'ShowTables (children 1)\n Identifier JSONEachRow\n',
  },
  {
    tool: '@clickhouse/client',
    sql: 'SHOW TABLES \nFORMAT JSONEachRow',
    source: '@clickhouse/client-common 1.23.0 dist/client.js formatQuery',
    formatted: 'SHOW TABLES\nFORMAT JSONEachRow',
    ast: 'ShowTables (children 1)\n Identifier JSONEachRow\n',
  },
  {
    tool: 'statement',
    sql: 'SHOW DATABASES',
    source: 'issue 40',
    formatted: 'SHOW DATABASES',
    ast: 'ShowTables\n',
  },
  {
    tool: 'statement',
    sql: 'SHOW DATABASES FORMAT JSONEachRow',
    source: 'issue 40',
    formatted: 'SHOW DATABASES\nFORMAT JSONEachRow',
    ast: 'ShowTables (children 1)\n Identifier JSONEachRow\n',
  },
  {
    tool: '@clickhouse/client',
    sql: 'SHOW DATABASES \nFORMAT JSONEachRow',
    source: '@clickhouse/client-common 1.23.0 dist/client.js formatQuery',
    formatted: 'SHOW DATABASES\nFORMAT JSONEachRow',
    ast: 'ShowTables (children 1)\n Identifier JSONEachRow\n',
  },
  {
    tool: 'statement',
    sql: 'DESCRIBE TABLE analytics.assessments',
    source: 'issue 40',
    formatted: 'DESCRIBE TABLE analytics.assessments',
    ast: 'DescribeQuery (children 1)\n TableExpression (children 1)\n  TableIdentifier analytics.assessments\n',
  },
  {
    tool: 'statement',
    sql: 'DESCRIBE TABLE analytics.assessments FORMAT JSONEachRow',
    source: 'issue 40',
    formatted: 'DESCRIBE TABLE analytics.assessments\nFORMAT JSONEachRow',
    ast: 'DescribeQuery (children 2)\n TableExpression (children 1)\n  TableIdentifier analytics.assessments\n Identifier JSONEachRow\n',
  },
  {
    tool: '@clickhouse/client',
    sql: 'DESCRIBE TABLE analytics.assessments \nFORMAT JSONEachRow',
    source: '@clickhouse/client-common 1.23.0 dist/client.js formatQuery',
    formatted: 'DESCRIBE TABLE analytics.assessments\nFORMAT JSONEachRow',
    ast: 'DescribeQuery (children 2)\n TableExpression (children 1)\n  TableIdentifier analytics.assessments\n Identifier JSONEachRow\n',
  },
  {
    tool: 'statement',
    sql: 'EXISTS TABLE analytics.assessments',
    source: 'issue 40',
    formatted: 'EXISTS TABLE analytics.assessments',
    ast: 'ExistsTableQuery analytics assessments (children 2)\n Identifier analytics\n Identifier assessments\n',
  },
  {
    tool: 'statement',
    sql: 'EXISTS TABLE analytics.assessments FORMAT JSONEachRow',
    source: 'issue 40',
    formatted: 'EXISTS TABLE analytics.assessments\nFORMAT JSONEachRow',
    ast: 'ExistsTableQuery analytics assessments (children 3)\n Identifier analytics\n Identifier assessments\n Identifier JSONEachRow\n',
  },
  {
    tool: '@clickhouse/client',
    sql: 'EXISTS TABLE analytics.assessments \nFORMAT JSONEachRow',
    source: '@clickhouse/client-common 1.23.0 dist/client.js formatQuery',
    formatted: 'EXISTS TABLE analytics.assessments\nFORMAT JSONEachRow',
    ast: 'ExistsTableQuery analytics assessments (children 3)\n Identifier analytics\n Identifier assessments\n Identifier JSONEachRow\n',
  },
  {
    tool: 'table function',
    sql: 'SELECT number FROM numbers(10)',
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: 'SELECT number\nFROM numbers(10)',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Identifier number\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function numbers (children 1)\n       ExpressionList (children 1)\n        Literal UInt64_10\n',
  },
  {
    tool: 'table function',
    sql: 'SELECT number FROM numbers(5, 10)',
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: 'SELECT number\nFROM numbers(5, 10)',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Identifier number\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function numbers (children 1)\n       ExpressionList (children 2)\n        Literal UInt64_5\n        Literal UInt64_10\n',
  },
  {
    tool: 'table function',
    sql: 'SELECT count() FROM numbers_mt(1000)',
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: 'SELECT count()\nFROM numbers_mt(1000)',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Function count (children 1)\n     ExpressionList\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function numbers_mt (children 1)\n       ExpressionList (children 1)\n        Literal UInt64_1000\n',
  },
  {
    tool: 'table function',
    sql: 'SELECT * FROM zeros(3)',
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: 'SELECT *\nFROM zeros(3)',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function zeros (children 1)\n       ExpressionList (children 1)\n        Literal UInt64_3\n',
  },
  {
    tool: 'table function',
    sql: 'SELECT * FROM zeros_mt(3)',
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: 'SELECT *\nFROM zeros_mt(3)',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function zeros_mt (children 1)\n       ExpressionList (children 1)\n        Literal UInt64_3\n',
  },
  {
    tool: 'table function',
    sql: "SELECT * FROM values('a UInt8, b String', (1, 'x'), (2, 'y'))",
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: "SELECT *\nFROM `values`('a UInt8, b String', (1, 'x'), (2, 'y'))",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function values (children 1)\n       ExpressionList (children 3)\n        Literal 'a UInt8, b String'\n        Literal Tuple_(UInt64_1, 'x')\n        Literal Tuple_(UInt64_2, 'y')\n",
  },
  {
    tool: 'table function',
    sql: "SELECT * FROM generateRandom('a UInt8, b String', 1, 10, 2) LIMIT 3",
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: "SELECT *\nFROM generateRandom('a UInt8, b String', 1, 10, 2)\nLIMIT 3",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function generateRandom (children 1)\n       ExpressionList (children 4)\n        Literal 'a UInt8, b String'\n        Literal UInt64_1\n        Literal UInt64_10\n        Literal UInt64_2\n   Literal UInt64_3\n",
  },
  {
    tool: 'table function',
    sql: 'SELECT * FROM generate_series(1, 5)',
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: 'SELECT *\nFROM generate_series(1, 5)',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function generate_series (children 1)\n       ExpressionList (children 2)\n        Literal UInt64_1\n        Literal UInt64_5\n',
  },
  {
    tool: 'table function',
    sql: 'SELECT * FROM generateSeries(1, 5)',
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: 'SELECT *\nFROM generateSeries(1, 5)',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function generateSeries (children 1)\n       ExpressionList (children 2)\n        Literal UInt64_1\n        Literal UInt64_5\n',
  },
  {
    tool: 'table function',
    sql: "SELECT * FROM null('a UInt8')",
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: "SELECT *\nFROM `null`('a UInt8')",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function null (children 1)\n       ExpressionList (children 1)\n        Literal 'a UInt8'\n",
  },
  {
    tool: 'table function',
    sql: 'SELECT * FROM view(SELECT number FROM numbers(3))',
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: 'SELECT *\nFROM view(\n    SELECT number\n    FROM numbers(3)\n)',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function view (children 1)\n       ExpressionList (children 1)\n        SelectWithUnionQuery (children 1)\n         ExpressionList (children 1)\n          SelectQuery (children 2)\n           ExpressionList (children 1)\n            Identifier number\n           TablesInSelectQuery (children 1)\n            TablesInSelectQueryElement (children 1)\n             TableExpression (children 1)\n              Function numbers (children 1)\n               ExpressionList (children 1)\n                Literal UInt64_3\n',
  },
  {
    tool: 'table function',
    sql: 'SELECT * FROM format(JSONEachRow, \'{"a":1}\')',
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: 'SELECT *\nFROM format(JSONEachRow, \'{"a":1}\')',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function format (children 1)\n       ExpressionList (children 2)\n        Identifier JSONEachRow\n        Literal \'{"a":1}\'\n',
  },
  {
    tool: 'table function',
    sql: "SELECT * FROM format(JSONEachRow, 'a UInt8', '{\"a\":1}')",
    source: 'ClickHouse docs: sql-reference/table-functions',
    formatted: "SELECT *\nFROM format(JSONEachRow, 'a UInt8', '{\"a\":1}')",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      Function format (children 1)\n       ExpressionList (children 3)\n        Identifier JSONEachRow\n        Literal 'a UInt8'\n        Literal '{\"a\":1}'\n",
  },
  ...BI_TOOL_CLIENT_QUERIES,
];
