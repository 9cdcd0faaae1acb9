/** One query of bi-tool-queries.ts, with where it is built and what ClickHouse makes of it. */
export interface BiToolQuery {
  tool: 'DBeaver' | 'Grafana' | 'clickhouse-connect' | '@clickhouse/client' | 'statement' | 'table function';
  sql: string;
  /** Where the tool builds the query: repository and path (and the function). */
  source: string;
  /** ClickHouse's formatting of `sql` (formatQuery): the statement that is checked and run. */
  formatted: string;
  /** `EXPLAIN AST` of `formatted`. */
  ast: string;
}

/** What Grafana, clickhouse-connect, DBeaver's JDBC driver and DBeaver itself send (see bi-tool-queries.ts). */
export const BI_TOOL_CLIENT_QUERIES: readonly BiToolQuery[] = [
  {
    tool: 'Grafana',
    sql: 'SELECT displayName(), version(), revision(), timezone()',
    source: 'ClickHouse/clickhouse-go v2.47.0 conn_http.go queryHello (each new HTTP connection)',
    formatted: 'SELECT\n    displayName(),\n    version(),\n    revision(),\n    timezone()',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 4)\n    Function displayName (children 1)\n     ExpressionList\n    Function version (children 1)\n     ExpressionList\n    Function revision (children 1)\n     ExpressionList\n    Function timezone (children 1)\n     ExpressionList\n',
  },
  {
    tool: 'Grafana',
    sql: 'SELECT 1',
    source:
      'ClickHouse/clickhouse-go v2.47.0 conn_http.go ping (grafana/clickhouse-datasource pkg/plugin/driver.go: db.PingContext)',
    formatted: 'SELECT 1',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 1)\n    Literal UInt64_1\n',
  },
  {
    tool: 'Grafana',
    sql: 'SELECT version()',
    source:
      'grafana/clickhouse-datasource pkg/plugin/driver.go CheckMinServerVersion; src/data/CHDatasource.ts canUseAdhocFilters',
    formatted: 'SELECT version()',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 1)\n    Function version (children 1)\n     ExpressionList\n',
  },
  {
    tool: 'Grafana',
    sql: 'SHOW DATABASES',
    source: 'grafana/clickhouse-datasource src/data/CHDatasource.ts fetchDatabases',
    formatted: 'SHOW DATABASES',
    ast: 'ShowTables\n',
  },
  {
    tool: 'Grafana',
    sql: 'SHOW TABLES',
    source: 'grafana/clickhouse-datasource src/data/CHDatasource.ts fetchTables',
    formatted: 'SHOW TABLES',
    ast: 'ShowTables\n',
  },
  {
    tool: 'Grafana',
    sql: 'SHOW TABLES FROM "analytics"',
    source: 'grafana/clickhouse-datasource src/data/CHDatasource.ts fetchTables',
    formatted: 'SHOW TABLES FROM analytics',
    ast: 'ShowTables (children 1)\n Identifier analytics\n',
  },
  {
    tool: 'Grafana',
    sql: 'DESC TABLE "analytics"."assessments"',
    source: 'grafana/clickhouse-datasource src/data/CHDatasource.ts fetchFields, fetchColumnsFromTable',
    formatted: 'DESCRIBE TABLE analytics.assessments',
    ast: 'DescribeQuery (children 1)\n TableExpression (children 1)\n  TableIdentifier analytics.assessments\n',
  },
  {
    tool: 'Grafana',
    sql: 'SELECT name, type, table FROM system.columns',
    source: 'grafana/clickhouse-datasource src/data/CHDatasource.ts fetchTags',
    formatted: 'SELECT\n    name,\n    type,\n    `table`\nFROM system.columns',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 3)\n    Identifier name\n    Identifier type\n    Identifier table\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.columns\n',
  },
  {
    tool: 'Grafana',
    sql: "SELECT name, type, table FROM system.columns WHERE database = 'analytics' AND table = 'assessments'",
    source: 'grafana/clickhouse-datasource src/data/CHDatasource.ts fetchTags',
    formatted:
      "SELECT\n    name,\n    type,\n    `table`\nFROM system.columns\nWHERE (database = 'analytics') AND (`table` = 'assessments')",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 3)\n    Identifier name\n    Identifier type\n    Identifier table\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.columns\n   Function and (children 1)\n    ExpressionList (children 2)\n     Function equals (children 1)\n      ExpressionList (children 2)\n       Identifier database\n       Literal 'analytics'\n     Function equals (children 1)\n      ExpressionList (children 2)\n       Identifier table\n       Literal 'assessments'\n",
  },
  {
    tool: 'Grafana',
    sql: "SELECT name, type, table FROM system.columns WHERE database IN ('analytics')",
    source: 'grafana/clickhouse-datasource src/data/CHDatasource.ts getTagSource',
    formatted:
      "SELECT\n    name,\n    type,\n    `table`\nFROM system.columns\nWHERE database IN ('analytics')",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 3)\n    Identifier name\n    Identifier type\n    Identifier table\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.columns\n   Function in (children 1)\n    ExpressionList (children 2)\n     Identifier database\n     Literal 'analytics'\n",
  },
  {
    tool: 'Grafana',
    sql: "SELECT name, type, table FROM system.columns WHERE database IN ('analytics') AND table = 'assessments'",
    source: 'grafana/clickhouse-datasource src/data/CHDatasource.ts getTagSource',
    formatted:
      "SELECT\n    name,\n    type,\n    `table`\nFROM system.columns\nWHERE (database IN ('analytics')) AND (`table` = 'assessments')",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 3)\n    Identifier name\n    Identifier type\n    Identifier table\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.columns\n   Function and (children 1)\n    ExpressionList (children 2)\n     Function in (children 1)\n      ExpressionList (children 2)\n       Identifier database\n       Literal 'analytics'\n     Function equals (children 1)\n      ExpressionList (children 2)\n       Identifier table\n       Literal 'assessments'\n",
  },
  {
    tool: 'Grafana',
    sql: '\n      SELECT\n        name, is_aggregate, case_insensitive, alias_to, origin, description,\n        syntax, arguments, returned_value, examples, categories\n      FROM system.functions\n      LIMIT 10000\n    ',
    source: 'grafana/clickhouse-datasource src/data/CHDatasource.ts fetchSqlFunctions',
    formatted:
      'SELECT\n    name,\n    is_aggregate,\n    case_insensitive,\n    alias_to,\n    origin,\n    description,\n    syntax,\n    arguments,\n    returned_value,\n    examples,\n    categories\nFROM system.functions\nLIMIT 10000',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 11)\n    Identifier name\n    Identifier is_aggregate\n    Identifier case_insensitive\n    Identifier alias_to\n    Identifier origin\n    Identifier description\n    Identifier syntax\n    Identifier arguments\n    Identifier returned_value\n    Identifier examples\n    Identifier categories\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.functions\n   Literal UInt64_10000\n',
  },
  {
    tool: 'clickhouse-connect',
    sql: 'SELECT version(), timezone()',
    source:
      'ClickHouse/clickhouse-connect clickhouse_connect/driver/_backend/orchestration.py init_sequence (a command)',
    formatted: 'SELECT\n    version(),\n    timezone()',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 2)\n    Function version (children 1)\n     ExpressionList\n    Function timezone (children 1)\n     ExpressionList\n',
  },
  {
    tool: 'clickhouse-connect',
    sql: 'SELECT name, value, readonly FROM system.settings LIMIT 10000\n FORMAT Native',
    source: 'ClickHouse/clickhouse-connect clickhouse_connect/driver/_backend/orchestration.py init_sequence',
    formatted:
      'SELECT\n    name,\n    value,\n    readonly\nFROM system.settings\nLIMIT 10000\nFORMAT Native',
    ast: 'SelectWithUnionQuery (children 2)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 3)\n    Identifier name\n    Identifier value\n    Identifier readonly\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.settings\n   Literal UInt64_10000\n Identifier Native\n',
  },
  {
    tool: 'clickhouse-connect',
    sql: 'SELECT 1 AS check\n FORMAT Native',
    source:
      'ClickHouse/clickhouse-connect clickhouse_connect/driver/_backend/orchestration.py init_sequence (protocol probe)',
    formatted: 'SELECT 1 AS check\nFORMAT Native',
    ast: 'SelectWithUnionQuery (children 2)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 1)\n    Literal UInt64_1 (alias check)\n Identifier Native\n',
  },
  {
    tool: 'clickhouse-connect',
    sql: 'SELECT * FROM analytics.sessions FINAL LIMIT 100\n FORMAT Native',
    source:
      "ClickHouse/clickhouse-connect clickhouse_connect/driver/client.py query_df (docs/analyst-access.md's example)",
    formatted: 'SELECT *\nFROM analytics.sessions\nFINAL\nLIMIT 100\nFORMAT Native',
    ast: 'SelectWithUnionQuery (children 2)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 1)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier analytics.sessions\n   Literal UInt64_100\n Identifier Native\n',
  },
  {
    tool: 'clickhouse-connect',
    sql: 'SELECT currentDatabase()\n FORMAT Native',
    source:
      'ClickHouse/clickhouse-connect clickhouse_connect/cc_sqlalchemy/dialect.py _get_default_schema_name',
    formatted: 'SELECT currentDatabase()\nFORMAT Native',
    ast: 'SelectWithUnionQuery (children 2)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 1)\n    Function currentDatabase (children 1)\n     ExpressionList\n Identifier Native\n',
  },
  {
    tool: 'clickhouse-connect',
    sql: 'SHOW DATABASES\n FORMAT Native',
    source: 'ClickHouse/clickhouse-connect clickhouse_connect/cc_sqlalchemy/dialect.py get_schema_names',
    formatted: 'SHOW DATABASES\nFORMAT Native',
    ast: 'ShowTables (children 1)\n Identifier Native\n',
  },
  {
    tool: 'clickhouse-connect',
    sql: 'EXISTS DATABASE `analytics`\n FORMAT Native',
    source: 'ClickHouse/clickhouse-connect clickhouse_connect/cc_sqlalchemy/dialect.py has_database',
    formatted: 'EXISTS DATABASE analytics\nFORMAT Native',
    ast: 'ExistsDatabaseQuery analytics  (children 2)\n Identifier analytics\n Identifier Native\n',
  },
  {
    tool: 'clickhouse-connect',
    sql: 'SHOW TABLES FROM `analytics`\n FORMAT Native',
    source: 'ClickHouse/clickhouse-connect clickhouse_connect/cc_sqlalchemy/dialect.py get_table_names',
    formatted: 'SHOW TABLES FROM analytics\nFORMAT Native',
    ast: 'ShowTables (children 2)\n Identifier analytics\n Identifier Native\n',
  },
  {
    tool: 'clickhouse-connect',
    sql: 'EXISTS TABLE `analytics`.`assessments`\n FORMAT Native',
    source: 'ClickHouse/clickhouse-connect clickhouse_connect/cc_sqlalchemy/dialect.py has_table',
    formatted: 'EXISTS TABLE analytics.assessments\nFORMAT Native',
    ast: 'ExistsTableQuery analytics assessments (children 3)\n Identifier analytics\n Identifier assessments\n Identifier Native\n',
  },
  {
    tool: 'clickhouse-connect',
    sql: "SELECT engine, engine_full, comment FROM system.tables WHERE database = 'analytics' AND name = 'assessments'\n FORMAT Native",
    source: 'ClickHouse/clickhouse-connect clickhouse_connect/cc_sqlalchemy/inspector.py get_table_metadata',
    formatted:
      "SELECT\n    engine,\n    engine_full,\n    comment\nFROM system.tables\nWHERE (database = 'analytics') AND (name = 'assessments')\nFORMAT Native",
    ast: "SelectWithUnionQuery (children 2)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 3)\n    Identifier engine\n    Identifier engine_full\n    Identifier comment\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n   Function and (children 1)\n    ExpressionList (children 2)\n     Function equals (children 1)\n      ExpressionList (children 2)\n       Identifier database\n       Literal 'analytics'\n     Function equals (children 1)\n      ExpressionList (children 2)\n       Identifier name\n       Literal 'assessments'\n Identifier Native\n",
  },
  {
    tool: 'clickhouse-connect',
    sql: 'DESCRIBE TABLE `analytics`.`assessments`\n FORMAT Native',
    source: 'ClickHouse/clickhouse-connect clickhouse_connect/cc_sqlalchemy/inspector.py get_columns',
    formatted: 'DESCRIBE TABLE analytics.assessments\nFORMAT Native',
    ast: 'DescribeQuery (children 2)\n TableExpression (children 1)\n  TableIdentifier analytics.assessments\n Identifier Native\n',
  },
  {
    tool: 'DBeaver',
    sql: 'SELECT currentUser() AS user, timezone() AS timezone, version() AS version LIMIT 1',
    source:
      'ClickHouse/clickhouse-java client-v2/src/main/java/com/clickhouse/client/api/Client.java loadServerInfo',
    formatted:
      'SELECT\n    currentUser() AS user,\n    timezone() AS timezone,\n    version() AS version\nLIMIT 1',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 3)\n    Function currentUser (alias user) (children 1)\n     ExpressionList\n    Function timezone (alias timezone) (children 1)\n     ExpressionList\n    Function version (alias version) (children 1)\n     ExpressionList\n   Literal UInt64_1\n',
  },
  {
    tool: 'DBeaver',
    sql: 'SELECT version() as server_version',
    source:
      'ClickHouse/clickhouse-java jdbc-v2/src/main/java/com/clickhouse/jdbc/ConnectionImpl.java getServerVersion',
    formatted: 'SELECT version() AS server_version',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 1)\n   ExpressionList (children 1)\n    Function version (alias server_version) (children 1)\n     ExpressionList\n',
  },
  {
    tool: 'DBeaver',
    sql: 'SELECT name FROM system.table_engines',
    source:
      'dbeaver/dbeaver plugins/org.jkiss.dbeaver.ext.clickhouse/src/org/jkiss/dbeaver/ext/clickhouse/model/ClickhouseDataSource.java TableEnginesCache',
    formatted: 'SELECT name\nFROM system.table_engines',
    ast: 'SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Identifier name\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.table_engines\n',
  },
  {
    tool: 'DBeaver',
    sql: "SELECT 'local' AS TABLE_CAT  WHERE 1 = 0",
    source:
      'ClickHouse/clickhouse-java jdbc-v2/src/main/java/com/clickhouse/jdbc/metadata/DatabaseMetaDataImpl.java getCatalogs',
    formatted: "SELECT 'local' AS TABLE_CAT\nWHERE 1 = 0",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Literal 'local' (alias TABLE_CAT)\n   Function equals (children 1)\n    ExpressionList (children 2)\n     Literal UInt64_1\n     Literal UInt64_0\n",
  },
  {
    tool: 'DBeaver',
    sql: "SELECT name AS TABLE_SCHEM, '' AS TABLE_CATALOG FROM system.databases ORDER BY name",
    source:
      'ClickHouse/clickhouse-java jdbc-v2/src/main/java/com/clickhouse/jdbc/metadata/DatabaseMetaDataImpl.java getSchemas()',
    formatted:
      "SELECT\n    name AS TABLE_SCHEM,\n    '' AS TABLE_CATALOG\nFROM system.databases\nORDER BY name ASC",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 2)\n    Identifier name (alias TABLE_SCHEM)\n    Literal '' (alias TABLE_CATALOG)\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.databases\n   ExpressionList (children 1)\n    OrderByElement (children 1)\n     Identifier name\n",
  },
  {
    tool: 'DBeaver',
    sql: "SELECT name AS TABLE_SCHEM, '' AS TABLE_CATALOG FROM system.databases WHERE name LIKE '%'",
    source:
      'ClickHouse/clickhouse-java jdbc-v2/src/main/java/com/clickhouse/jdbc/metadata/DatabaseMetaDataImpl.java getSchemas(catalog, schemaPattern)',
    formatted:
      "SELECT\n    name AS TABLE_SCHEM,\n    '' AS TABLE_CATALOG\nFROM system.databases\nWHERE name LIKE '%'",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 2)\n    Identifier name (alias TABLE_SCHEM)\n    Literal '' (alias TABLE_CATALOG)\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.databases\n   Function like (children 1)\n    ExpressionList (children 2)\n     Identifier name\n     Literal '%'\n",
  },
  {
    tool: 'DBeaver',
    sql: "SELECT arrayJoin(['DICTIONARY','LOG TABLE','MATERIALIZED VIEW','MEMORY TABLE','REMOTE TABLE','SYSTEM TABLE','TABLE','TEMPORARY TABLE','VIEW']) AS TABLE_TYPE ORDER BY TABLE_TYPE",
    source:
      'ClickHouse/clickhouse-java jdbc-v2/src/main/java/com/clickhouse/jdbc/metadata/DatabaseMetaDataImpl.java getTableTypes',
    formatted:
      "SELECT arrayJoin(['DICTIONARY', 'LOG TABLE', 'MATERIALIZED VIEW', 'MEMORY TABLE', 'REMOTE TABLE', 'SYSTEM TABLE', 'TABLE', 'TEMPORARY TABLE', 'VIEW']) AS TABLE_TYPE\nORDER BY TABLE_TYPE ASC",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 2)\n   ExpressionList (children 1)\n    Function arrayJoin (alias TABLE_TYPE) (children 1)\n     ExpressionList (children 1)\n      Literal Array_['DICTIONARY', 'LOG TABLE', 'MATERIALIZED VIEW', 'MEMORY TABLE', 'REMOTE TABLE', 'SYSTEM TABLE', 'TABLE', 'TEMPORARY TABLE', 'VIEW']\n   ExpressionList (children 1)\n    OrderByElement (children 1)\n     Identifier TABLE_TYPE\n",
  },
  {
    tool: 'DBeaver',
    sql: "SELECT name AS TYPE_NAME, CAST(0 as Int32) AS DATA_TYPE, CAST(attrs.c2 AS Nullable(Int32)) AS PRECISION, CAST(NULL as Nullable(String)) AS LITERAL_PREFIX, CAST(NULL as Nullable(String)) AS LITERAL_SUFFIX, CAST(NULL as Nullable(String)) AS CREATE_PARAMS, CAST(0 AS Int16) AS NULLABLE, CAST(not(dt.case_insensitive) AS Boolean) AS CASE_SENSITIVE, 3::Int16 AS SEARCHABLE, CAST( not(attrs.c3) AS Boolean) AS UNSIGNED_ATTRIBUTE, false AS FIXED_PREC_SCALE, false AS AUTO_INCREMENT, if(empty(alias_to), name, alias_to) AS LOCAL_TYPE_NAME, CAST(attrs.c4 AS Nullable(Int16)) AS MINIMUM_SCALE, CAST(attrs.c5 AS Nullable(Int16)) AS MAXIMUM_SCALE, CAST(0 AS Nullable(Int32)) AS SQL_DATA_TYPE, CAST(0 AS Nullable(Int32)) AS SQL_DATETIME_SUB, CAST(0 AS Nullable(Int32)) AS NUM_PREC_RADIX FROM system.data_type_families dt  LEFT JOIN (SELECT * FROM VALUES ( ('Bool',1,true,0,0),('Date',10,false,0,0),('Date32',10,false,0,0),('DateTime',29,false,0,9),('DateTime32',19,false,0,0),('DateTime64',29,false,0,9),('Enum',0,false,0,0),('Enum8',0,false,0,0),('Enum16',0,false,0,0),('FixedString',0,false,0,0),('Int8',3,true,0,0),('UInt8',3,false,0,0),('Int16',5,true,0,0),('UInt16',5,false,0,0),('Int32',10,true,0,0),('UInt32',10,false,0,0),('Int64',19,true,0,0),('IntervalYear',19,true,0,0),('IntervalQuarter',19,true,0,0),('IntervalMonth',19,true,0,0),('IntervalWeek',19,true,0,0),('IntervalDay',19,true,0,0),('IntervalHour',19,true,0,0),('IntervalMinute',19,true,0,0),('IntervalSecond',19,true,0,0),('IntervalMicrosecond',19,true,0,0),('IntervalMillisecond',19,true,0,0),('IntervalNanosecond',19,true,0,0),('UInt64',20,false,0,0),('Int128',39,true,0,0),('UInt128',39,false,0,0),('Int256',77,true,0,0),('UInt256',78,false,0,0),('Decimal',76,true,0,76),('Decimal32',9,true,0,9),('Decimal64',18,true,0,18),('Decimal128',38,true,0,38),('Decimal256',76,true,0,76),('BFloat16',3,true,0,16),('Float32',12,true,0,38),('Float64',22,true,0,308),('IPv4',10,false,0,0),('IPv6',39,false,0,0),('UUID',69,false,0,0),('Point',0,true,0,0),('Polygon',0,true,0,0),('MultiPolygon',0,true,0,0),('Ring',0,true,0,0),('LineString',0,true,0,0),('MultiLineString',0,true,0,0),('Geometry',0,true,0,0),('JSON',0,false,0,0),('Object',0,false,0,0),('String',0,false,0,0),('Array',0,false,0,0),('Map',0,false,0,0),('Nested',0,false,0,0),('Tuple',0,false,0,0),('Nothing',0,false,0,0),('LowCardinality',0,false,0,0),('Nullable',0,false,0,0),('SimpleAggregateFunction',0,false,0,0),('AggregateFunction',0,false,0,0),('Variant',0,false,0,0),('Dynamic',0,false,0,0),('Time',9,false,0,9),('Time64',9,false,0,0),('QBit',0,false,0,0)) ) as attrs ON (dt.name = attrs.c1) WHERE alias_to == ''  ORDER BY name",
    source:
      'ClickHouse/clickhouse-java jdbc-v2/src/main/java/com/clickhouse/jdbc/metadata/DatabaseMetaDataImpl.java getTypeInfo (getDataTypeInfoSql)',
    formatted:
      "SELECT\n    name AS TYPE_NAME,\n    CAST(0, 'Int32') AS DATA_TYPE,\n    CAST(attrs.c2, 'Nullable(Int32)') AS PRECISION,\n    CAST(NULL, 'Nullable(String)') AS LITERAL_PREFIX,\n    CAST(NULL, 'Nullable(String)') AS LITERAL_SUFFIX,\n    CAST(NULL, 'Nullable(String)') AS CREATE_PARAMS,\n    CAST(0, 'Int16') AS NULLABLE,\n    CAST(NOT (dt.case_insensitive), 'Boolean') AS CASE_SENSITIVE,\n    CAST('3', 'Int16') AS SEARCHABLE,\n    CAST(NOT (attrs.c3), 'Boolean') AS UNSIGNED_ATTRIBUTE,\n    false AS FIXED_PREC_SCALE,\n    false AS AUTO_INCREMENT,\n    if(empty(alias_to), name, alias_to) AS LOCAL_TYPE_NAME,\n    CAST(attrs.c4, 'Nullable(Int16)') AS MINIMUM_SCALE,\n    CAST(attrs.c5, 'Nullable(Int16)') AS MAXIMUM_SCALE,\n    CAST(0, 'Nullable(Int32)') AS SQL_DATA_TYPE,\n    CAST(0, 'Nullable(Int32)') AS SQL_DATETIME_SUB,\n    CAST(0, 'Nullable(Int32)') AS NUM_PREC_RADIX\nFROM system.data_type_families AS dt\nLEFT JOIN\n(\n    SELECT *\n    FROM `VALUES`(('Bool', 1, true, 0, 0), ('Date', 10, false, 0, 0), ('Date32', 10, false, 0, 0), ('DateTime', 29, false, 0, 9), ('DateTime32', 19, false, 0, 0), ('DateTime64', 29, false, 0, 9), ('Enum', 0, false, 0, 0), ('Enum8', 0, false, 0, 0), ('Enum16', 0, false, 0, 0), ('FixedString', 0, false, 0, 0), ('Int8', 3, true, 0, 0), ('UInt8', 3, false, 0, 0), ('Int16', 5, true, 0, 0), ('UInt16', 5, false, 0, 0), ('Int32', 10, true, 0, 0), ('UInt32', 10, false, 0, 0), ('Int64', 19, true, 0, 0), ('IntervalYear', 19, true, 0, 0), ('IntervalQuarter', 19, true, 0, 0), ('IntervalMonth', 19, true, 0, 0), ('IntervalWeek', 19, true, 0, 0), ('IntervalDay', 19, true, 0, 0), ('IntervalHour', 19, true, 0, 0), ('IntervalMinute', 19, true, 0, 0), ('IntervalSecond', 19, true, 0, 0), ('IntervalMicrosecond', 19, true, 0, 0), ('IntervalMillisecond', 19, true, 0, 0), ('IntervalNanosecond', 19, true, 0, 0), ('UInt64', 20, false, 0, 0), ('Int128', 39, true, 0, 0), ('UInt128', 39, false, 0, 0), ('Int256', 77, true, 0, 0), ('UInt256', 78, false, 0, 0), ('Decimal', 76, true, 0, 76), ('Decimal32', 9, true, 0, 9), ('Decimal64', 18, true, 0, 18), ('Decimal128', 38, true, 0, 38), ('Decimal256', 76, true, 0, 76), ('BFloat16', 3, true, 0, 16), ('Float32', 12, true, 0, 38), ('Float64', 22, true, 0, 308), ('IPv4', 10, false, 0, 0), ('IPv6', 39, false, 0, 0), ('UUID', 69, false, 0, 0), ('Point', 0, true, 0, 0), ('Polygon', 0, true, 0, 0), ('MultiPolygon', 0, true, 0, 0), ('Ring', 0, true, 0, 0), ('LineString', 0, true, 0, 0), ('MultiLineString', 0, true, 0, 0), ('Geometry', 0, true, 0, 0), ('JSON', 0, false, 0, 0), ('Object', 0, false, 0, 0), ('String', 0, false, 0, 0), ('Array', 0, false, 0, 0), ('Map', 0, false, 0, 0), ('Nested', 0, false, 0, 0), ('Tuple', 0, false, 0, 0), ('Nothing', 0, false, 0, 0), ('LowCardinality', 0, false, 0, 0), ('Nullable', 0, false, 0, 0), ('SimpleAggregateFunction', 0, false, 0, 0), ('AggregateFunction', 0, false, 0, 0), ('Variant', 0, false, 0, 0), ('Dynamic', 0, false, 0, 0), ('Time', 9, false, 0, 9), ('Time64', 9, false, 0, 0), ('QBit', 0, false, 0, 0))\n) AS attrs ON (dt.name = attrs.c1)\nWHERE alias_to = ''\nORDER BY name ASC",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 4)\n   ExpressionList (children 18)\n    Identifier name (alias TYPE_NAME)\n    Function CAST (alias DATA_TYPE) (children 1)\n     ExpressionList (children 2)\n      Literal UInt64_0\n      Literal 'Int32'\n    Function CAST (alias PRECISION) (children 1)\n     ExpressionList (children 2)\n      Identifier attrs.c2\n      Literal 'Nullable(Int32)'\n    Function CAST (alias LITERAL_PREFIX) (children 1)\n     ExpressionList (children 2)\n      Literal NULL\n      Literal 'Nullable(String)'\n    Function CAST (alias LITERAL_SUFFIX) (children 1)\n     ExpressionList (children 2)\n      Literal NULL\n      Literal 'Nullable(String)'\n    Function CAST (alias CREATE_PARAMS) (children 1)\n     ExpressionList (children 2)\n      Literal NULL\n      Literal 'Nullable(String)'\n    Function CAST (alias NULLABLE) (children 1)\n     ExpressionList (children 2)\n      Literal UInt64_0\n      Literal 'Int16'\n    Function CAST (alias CASE_SENSITIVE) (children 1)\n     ExpressionList (children 2)\n      Function not (children 1)\n       ExpressionList (children 1)\n        Identifier dt.case_insensitive\n      Literal 'Boolean'\n    Function CAST (alias SEARCHABLE) (children 1)\n     ExpressionList (children 2)\n      Literal '3'\n      Literal 'Int16'\n    Function CAST (alias UNSIGNED_ATTRIBUTE) (children 1)\n     ExpressionList (children 2)\n      Function not (children 1)\n       ExpressionList (children 1)\n        Identifier attrs.c3\n      Literal 'Boolean'\n    Literal Bool_0 (alias FIXED_PREC_SCALE)\n    Literal Bool_0 (alias AUTO_INCREMENT)\n    Function if (alias LOCAL_TYPE_NAME) (children 1)\n     ExpressionList (children 3)\n      Function empty (children 1)\n       ExpressionList (children 1)\n        Identifier alias_to\n      Identifier name\n      Identifier alias_to\n    Function CAST (alias MINIMUM_SCALE) (children 1)\n     ExpressionList (children 2)\n      Identifier attrs.c4\n      Literal 'Nullable(Int16)'\n    Function CAST (alias MAXIMUM_SCALE) (children 1)\n     ExpressionList (children 2)\n      Identifier attrs.c5\n      Literal 'Nullable(Int16)'\n    Function CAST (alias SQL_DATA_TYPE) (children 1)\n     ExpressionList (children 2)\n      Literal UInt64_0\n      Literal 'Nullable(Int32)'\n    Function CAST (alias SQL_DATETIME_SUB) (children 1)\n     ExpressionList (children 2)\n      Literal UInt64_0\n      Literal 'Nullable(Int32)'\n    Function CAST (alias NUM_PREC_RADIX) (children 1)\n     ExpressionList (children 2)\n      Literal UInt64_0\n      Literal 'Nullable(Int32)'\n   TablesInSelectQuery (children 2)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.data_type_families (alias dt)\n    TablesInSelectQueryElement (children 2)\n     TableExpression (children 1)\n      Subquery (alias attrs) (children 1)\n       SelectWithUnionQuery (children 1)\n        ExpressionList (children 1)\n         SelectQuery (children 2)\n          ExpressionList (children 1)\n           Asterisk\n          TablesInSelectQuery (children 1)\n           TablesInSelectQueryElement (children 1)\n            TableExpression (children 1)\n             Function VALUES (children 1)\n              ExpressionList (children 68)\n               Literal Tuple_('Bool', UInt64_1, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('Date', UInt64_10, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Date32', UInt64_10, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('DateTime', UInt64_29, Bool_0, UInt64_0, UInt64_9)\n               Literal Tuple_('DateTime32', UInt64_19, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('DateTime64', UInt64_29, Bool_0, UInt64_0, UInt64_9)\n               Literal Tuple_('Enum', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Enum8', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Enum16', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('FixedString', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Int8', UInt64_3, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('UInt8', UInt64_3, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Int16', UInt64_5, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('UInt16', UInt64_5, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Int32', UInt64_10, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('UInt32', UInt64_10, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Int64', UInt64_19, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('IntervalYear', UInt64_19, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('IntervalQuarter', UInt64_19, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('IntervalMonth', UInt64_19, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('IntervalWeek', UInt64_19, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('IntervalDay', UInt64_19, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('IntervalHour', UInt64_19, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('IntervalMinute', UInt64_19, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('IntervalSecond', UInt64_19, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('IntervalMicrosecond', UInt64_19, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('IntervalMillisecond', UInt64_19, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('IntervalNanosecond', UInt64_19, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('UInt64', UInt64_20, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Int128', UInt64_39, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('UInt128', UInt64_39, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Int256', UInt64_77, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('UInt256', UInt64_78, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Decimal', UInt64_76, Bool_1, UInt64_0, UInt64_76)\n               Literal Tuple_('Decimal32', UInt64_9, Bool_1, UInt64_0, UInt64_9)\n               Literal Tuple_('Decimal64', UInt64_18, Bool_1, UInt64_0, UInt64_18)\n               Literal Tuple_('Decimal128', UInt64_38, Bool_1, UInt64_0, UInt64_38)\n               Literal Tuple_('Decimal256', UInt64_76, Bool_1, UInt64_0, UInt64_76)\n               Literal Tuple_('BFloat16', UInt64_3, Bool_1, UInt64_0, UInt64_16)\n               Literal Tuple_('Float32', UInt64_12, Bool_1, UInt64_0, UInt64_38)\n               Literal Tuple_('Float64', UInt64_22, Bool_1, UInt64_0, UInt64_308)\n               Literal Tuple_('IPv4', UInt64_10, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('IPv6', UInt64_39, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('UUID', UInt64_69, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Point', UInt64_0, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('Polygon', UInt64_0, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('MultiPolygon', UInt64_0, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('Ring', UInt64_0, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('LineString', UInt64_0, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('MultiLineString', UInt64_0, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('Geometry', UInt64_0, Bool_1, UInt64_0, UInt64_0)\n               Literal Tuple_('JSON', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Object', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('String', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Array', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Map', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Nested', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Tuple', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Nothing', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('LowCardinality', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Nullable', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('SimpleAggregateFunction', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('AggregateFunction', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Variant', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Dynamic', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('Time', UInt64_9, Bool_0, UInt64_0, UInt64_9)\n               Literal Tuple_('Time64', UInt64_9, Bool_0, UInt64_0, UInt64_0)\n               Literal Tuple_('QBit', UInt64_0, Bool_0, UInt64_0, UInt64_0)\n     TableJoin (children 1)\n      Function equals (children 1)\n       ExpressionList (children 2)\n        Identifier dt.name\n        Identifier attrs.c1\n   Function equals (children 1)\n    ExpressionList (children 2)\n     Identifier alias_to\n     Literal ''\n   ExpressionList (children 1)\n    OrderByElement (children 1)\n     Identifier name\n",
  },
  {
    tool: 'DBeaver',
    sql: "SELECT name as TABLE_NAME, engine as TABLE_TYPE, database as TABLE_SCHEM,comment as REMARKS, * FROM system.tables\nWHERE database = 'analytics'",
    source:
      'dbeaver/dbeaver plugins/org.jkiss.dbeaver.ext.clickhouse/src/org/jkiss/dbeaver/ext/clickhouse/model/ClickhouseMetaModel.java prepareTableLoadStatement',
    formatted:
      "SELECT\n    name AS TABLE_NAME,\n    engine AS TABLE_TYPE,\n    database AS TABLE_SCHEM,\n    comment AS REMARKS,\n    *\nFROM system.tables\nWHERE database = 'analytics'",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 5)\n    Identifier name (alias TABLE_NAME)\n    Identifier engine (alias TABLE_TYPE)\n    Identifier database (alias TABLE_SCHEM)\n    Identifier comment (alias REMARKS)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n   Function equals (children 1)\n    ExpressionList (children 2)\n     Identifier database\n     Literal 'analytics'\n",
  },
  {
    tool: 'DBeaver',
    sql: "SELECT name as TABLE_NAME, engine as TABLE_TYPE, database as TABLE_SCHEM,comment as REMARKS, * FROM system.tables\nWHERE database = 'analytics' and name='assessments'",
    source:
      'dbeaver/dbeaver plugins/org.jkiss.dbeaver.ext.clickhouse/src/org/jkiss/dbeaver/ext/clickhouse/model/ClickhouseMetaModel.java prepareTableLoadStatement',
    formatted:
      "SELECT\n    name AS TABLE_NAME,\n    engine AS TABLE_TYPE,\n    database AS TABLE_SCHEM,\n    comment AS REMARKS,\n    *\nFROM system.tables\nWHERE (database = 'analytics') AND (name = 'assessments')",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 3)\n   ExpressionList (children 5)\n    Identifier name (alias TABLE_NAME)\n    Identifier engine (alias TABLE_TYPE)\n    Identifier database (alias TABLE_SCHEM)\n    Identifier comment (alias REMARKS)\n    Asterisk\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n   Function and (children 1)\n    ExpressionList (children 2)\n     Function equals (children 1)\n      ExpressionList (children 2)\n       Identifier database\n       Literal 'analytics'\n     Function equals (children 1)\n      ExpressionList (children 2)\n       Identifier name\n       Literal 'assessments'\n",
  },
  {
    tool: 'DBeaver',
    sql: "SELECT '' AS TABLE_CAT, database AS TABLE_SCHEM, table AS TABLE_NAME, name AS COLUMN_NAME, toInt32(1111) AS DATA_TYPE, type AS TYPE_NAME, toInt32(multiIf(character_octet_length IS NOT NULL, character_octet_length, system.columns.type == 'Bool', 1, system.columns.type == 'Date', 2, system.columns.type == 'Date32', 4, system.columns.type == 'DateTime32', 4, system.columns.type == 'DateTime64', 8, system.columns.type == 'Enum8', 1, system.columns.type == 'Enum16', 2, system.columns.type == 'Int8', 1, system.columns.type == 'UInt8', 1, system.columns.type == 'Int16', 2, system.columns.type == 'UInt16', 2, system.columns.type == 'Int32', 4, system.columns.type == 'UInt32', 4, system.columns.type == 'Int64', 8, system.columns.type == 'IntervalYear', 8, system.columns.type == 'IntervalQuarter', 8, system.columns.type == 'IntervalMonth', 8, system.columns.type == 'IntervalWeek', 8, system.columns.type == 'IntervalDay', 8, system.columns.type == 'IntervalHour', 8, system.columns.type == 'IntervalMinute', 8, system.columns.type == 'IntervalSecond', 8, system.columns.type == 'IntervalMicrosecond', 8, system.columns.type == 'IntervalMillisecond', 8, system.columns.type == 'IntervalNanosecond', 8, system.columns.type == 'UInt64', 8, system.columns.type == 'Int128', 16, system.columns.type == 'UInt128', 16, system.columns.type == 'Int256', 32, system.columns.type == 'UInt256', 32, system.columns.type == 'Decimal32', 4, system.columns.type == 'Decimal64', 8, system.columns.type == 'Decimal128', 16, system.columns.type == 'Decimal256', 32, system.columns.type == 'BFloat16', 2, system.columns.type == 'Float32', 4, system.columns.type == 'Float64', 8, system.columns.type == 'IPv4', 4, system.columns.type == 'IPv6', 16, system.columns.type == 'UUID', 16, system.columns.type == 'Point', 33, system.columns.type == 'Time', 4, system.columns.type == 'Time64', 8, numeric_precision IS NOT NULL, numeric_precision, 0)) AS COLUMN_SIZE, toInt32(0) AS BUFFER_LENGTH, toInt32(IF (numeric_scale == 0, NULL, numeric_scale)) as DECIMAL_DIGITS,  toInt32(numeric_precision_radix) AS NUM_PREC_RADIX, toInt32(position(type, 'Nullable(') >= 1 ?1 : 0) as NULLABLE, system.columns.comment AS REMARKS, system.columns.default_expression AS COLUMN_DEF, toInt32(0) AS SQL_DATA_TYPE, toInt32(0) AS SQL_DATETIME_SUB, character_octet_length::Nullable(Int32) AS CHAR_OCTET_LENGTH, toInt32(system.columns.position) AS ORDINAL_POSITION, position(upper(type), 'NULLABLE') >= 1 ? 'YES' : 'NO' AS IS_NULLABLE,CAST(NULL as Nullable(String)) AS SCOPE_CATALOG, CAST(NULL as Nullable(String)) AS SCOPE_SCHEMA, CAST(NULL as Nullable(String)) AS SCOPE_TABLE, CAST(NULL as Nullable(Int16)) AS SOURCE_DATA_TYPE, 'NO' as IS_AUTOINCREMENT, 'NO' as IS_GENERATEDCOLUMN  FROM system.columns WHERE database LIKE 'analytics' AND table LIKE 'assessments' AND name LIKE '%' ORDER BY TABLE_SCHEM, TABLE_NAME, ORDINAL_POSITION",
    source:
      'ClickHouse/clickhouse-java jdbc-v2/src/main/java/com/clickhouse/jdbc/metadata/DatabaseMetaDataImpl.java getColumns',
    formatted:
      "SELECT\n    '' AS TABLE_CAT,\n    database AS TABLE_SCHEM,\n    `table` AS TABLE_NAME,\n    name AS COLUMN_NAME,\n    toInt32(1111) AS DATA_TYPE,\n    type AS TYPE_NAME,\n    toInt32(multiIf(character_octet_length IS NOT NULL, character_octet_length, system.columns.type = 'Bool', 1, system.columns.type = 'Date', 2, system.columns.type = 'Date32', 4, system.columns.type = 'DateTime32', 4, system.columns.type = 'DateTime64', 8, system.columns.type = 'Enum8', 1, system.columns.type = 'Enum16', 2, system.columns.type = 'Int8', 1, system.columns.type = 'UInt8', 1, system.columns.type = 'Int16', 2, system.columns.type = 'UInt16', 2, system.columns.type = 'Int32', 4, system.columns.type = 'UInt32', 4, system.columns.type = 'Int64', 8, system.columns.type = 'IntervalYear', 8, system.columns.type = 'IntervalQuarter', 8, system.columns.type = 'IntervalMonth', 8, system.columns.type = 'IntervalWeek', 8, system.columns.type = 'IntervalDay', 8, system.columns.type = 'IntervalHour', 8, system.columns.type = 'IntervalMinute', 8, system.columns.type = 'IntervalSecond', 8, system.columns.type = 'IntervalMicrosecond', 8, system.columns.type = 'IntervalMillisecond', 8, system.columns.type = 'IntervalNanosecond', 8, system.columns.type = 'UInt64', 8, system.columns.type = 'Int128', 16, system.columns.type = 'UInt128', 16, system.columns.type = 'Int256', 32, system.columns.type = 'UInt256', 32, system.columns.type = 'Decimal32', 4, system.columns.type = 'Decimal64', 8, system.columns.type = 'Decimal128', 16, system.columns.type = 'Decimal256', 32, system.columns.type = 'BFloat16', 2, system.columns.type = 'Float32', 4, system.columns.type = 'Float64', 8, system.columns.type = 'IPv4', 4, system.columns.type = 'IPv6', 16, system.columns.type = 'UUID', 16, system.columns.type = 'Point', 33, system.columns.type = 'Time', 4, system.columns.type = 'Time64', 8, numeric_precision IS NOT NULL, numeric_precision, 0)) AS COLUMN_SIZE,\n    toInt32(0) AS BUFFER_LENGTH,\n    toInt32(IF(numeric_scale = 0, NULL, numeric_scale)) AS DECIMAL_DIGITS,\n    toInt32(numeric_precision_radix) AS NUM_PREC_RADIX,\n    toInt32(if(position(type, 'Nullable(') >= 1, 1, 0)) AS NULLABLE,\n    system.columns.comment AS REMARKS,\n    system.columns.default_expression AS COLUMN_DEF,\n    toInt32(0) AS SQL_DATA_TYPE,\n    toInt32(0) AS SQL_DATETIME_SUB,\n    CAST(character_octet_length, 'Nullable(Int32)') AS CHAR_OCTET_LENGTH,\n    toInt32(system.columns.position) AS ORDINAL_POSITION,\n    if(position(upper(type), 'NULLABLE') >= 1, 'YES', 'NO') AS IS_NULLABLE,\n    CAST(NULL, 'Nullable(String)') AS SCOPE_CATALOG,\n    CAST(NULL, 'Nullable(String)') AS SCOPE_SCHEMA,\n    CAST(NULL, 'Nullable(String)') AS SCOPE_TABLE,\n    CAST(NULL, 'Nullable(Int16)') AS SOURCE_DATA_TYPE,\n    'NO' AS IS_AUTOINCREMENT,\n    'NO' AS IS_GENERATEDCOLUMN\nFROM system.columns\nWHERE (database LIKE 'analytics') AND (`table` LIKE 'assessments') AND (name LIKE '%')\nORDER BY\n    TABLE_SCHEM ASC,\n    TABLE_NAME ASC,\n    ORDINAL_POSITION ASC",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 4)\n   ExpressionList (children 24)\n    Literal '' (alias TABLE_CAT)\n    Identifier database (alias TABLE_SCHEM)\n    Identifier table (alias TABLE_NAME)\n    Identifier name (alias COLUMN_NAME)\n    Function toInt32 (alias DATA_TYPE) (children 1)\n     ExpressionList (children 1)\n      Literal UInt64_1111\n    Identifier type (alias TYPE_NAME)\n    Function toInt32 (alias COLUMN_SIZE) (children 1)\n     ExpressionList (children 1)\n      Function multiIf (children 1)\n       ExpressionList (children 91)\n        Function isNotNull (children 1)\n         ExpressionList (children 1)\n          Identifier character_octet_length\n        Identifier character_octet_length\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Bool'\n        Literal UInt64_1\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Date'\n        Literal UInt64_2\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Date32'\n        Literal UInt64_4\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'DateTime32'\n        Literal UInt64_4\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'DateTime64'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Enum8'\n        Literal UInt64_1\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Enum16'\n        Literal UInt64_2\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Int8'\n        Literal UInt64_1\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'UInt8'\n        Literal UInt64_1\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Int16'\n        Literal UInt64_2\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'UInt16'\n        Literal UInt64_2\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Int32'\n        Literal UInt64_4\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'UInt32'\n        Literal UInt64_4\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Int64'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IntervalYear'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IntervalQuarter'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IntervalMonth'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IntervalWeek'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IntervalDay'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IntervalHour'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IntervalMinute'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IntervalSecond'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IntervalMicrosecond'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IntervalMillisecond'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IntervalNanosecond'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'UInt64'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Int128'\n        Literal UInt64_16\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'UInt128'\n        Literal UInt64_16\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Int256'\n        Literal UInt64_32\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'UInt256'\n        Literal UInt64_32\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Decimal32'\n        Literal UInt64_4\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Decimal64'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Decimal128'\n        Literal UInt64_16\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Decimal256'\n        Literal UInt64_32\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'BFloat16'\n        Literal UInt64_2\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Float32'\n        Literal UInt64_4\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Float64'\n        Literal UInt64_8\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IPv4'\n        Literal UInt64_4\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'IPv6'\n        Literal UInt64_16\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'UUID'\n        Literal UInt64_16\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Point'\n        Literal UInt64_33\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Time'\n        Literal UInt64_4\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier system.columns.type\n          Literal 'Time64'\n        Literal UInt64_8\n        Function isNotNull (children 1)\n         ExpressionList (children 1)\n          Identifier numeric_precision\n        Identifier numeric_precision\n        Literal UInt64_0\n    Function toInt32 (alias BUFFER_LENGTH) (children 1)\n     ExpressionList (children 1)\n      Literal UInt64_0\n    Function toInt32 (alias DECIMAL_DIGITS) (children 1)\n     ExpressionList (children 1)\n      Function IF (children 1)\n       ExpressionList (children 3)\n        Function equals (children 1)\n         ExpressionList (children 2)\n          Identifier numeric_scale\n          Literal UInt64_0\n        Literal NULL\n        Identifier numeric_scale\n    Function toInt32 (alias NUM_PREC_RADIX) (children 1)\n     ExpressionList (children 1)\n      Identifier numeric_precision_radix\n    Function toInt32 (alias NULLABLE) (children 1)\n     ExpressionList (children 1)\n      Function if (children 1)\n       ExpressionList (children 3)\n        Function greaterOrEquals (children 1)\n         ExpressionList (children 2)\n          Function position (children 1)\n           ExpressionList (children 2)\n            Identifier type\n            Literal 'Nullable('\n          Literal UInt64_1\n        Literal UInt64_1\n        Literal UInt64_0\n    Identifier system.columns.comment (alias REMARKS)\n    Identifier system.columns.default_expression (alias COLUMN_DEF)\n    Function toInt32 (alias SQL_DATA_TYPE) (children 1)\n     ExpressionList (children 1)\n      Literal UInt64_0\n    Function toInt32 (alias SQL_DATETIME_SUB) (children 1)\n     ExpressionList (children 1)\n      Literal UInt64_0\n    Function CAST (alias CHAR_OCTET_LENGTH) (children 1)\n     ExpressionList (children 2)\n      Identifier character_octet_length\n      Literal 'Nullable(Int32)'\n    Function toInt32 (alias ORDINAL_POSITION) (children 1)\n     ExpressionList (children 1)\n      Identifier system.columns.position\n    Function if (alias IS_NULLABLE) (children 1)\n     ExpressionList (children 3)\n      Function greaterOrEquals (children 1)\n       ExpressionList (children 2)\n        Function position (children 1)\n         ExpressionList (children 2)\n          Function upper (children 1)\n           ExpressionList (children 1)\n            Identifier type\n          Literal 'NULLABLE'\n        Literal UInt64_1\n      Literal 'YES'\n      Literal 'NO'\n    Function CAST (alias SCOPE_CATALOG) (children 1)\n     ExpressionList (children 2)\n      Literal NULL\n      Literal 'Nullable(String)'\n    Function CAST (alias SCOPE_SCHEMA) (children 1)\n     ExpressionList (children 2)\n      Literal NULL\n      Literal 'Nullable(String)'\n    Function CAST (alias SCOPE_TABLE) (children 1)\n     ExpressionList (children 2)\n      Literal NULL\n      Literal 'Nullable(String)'\n    Function CAST (alias SOURCE_DATA_TYPE) (children 1)\n     ExpressionList (children 2)\n      Literal NULL\n      Literal 'Nullable(Int16)'\n    Literal 'NO' (alias IS_AUTOINCREMENT)\n    Literal 'NO' (alias IS_GENERATEDCOLUMN)\n   TablesInSelectQuery (children 1)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.columns\n   Function and (children 1)\n    ExpressionList (children 3)\n     Function like (children 1)\n      ExpressionList (children 2)\n       Identifier database\n       Literal 'analytics'\n     Function like (children 1)\n      ExpressionList (children 2)\n       Identifier table\n       Literal 'assessments'\n     Function like (children 1)\n      ExpressionList (children 2)\n       Identifier name\n       Literal '%'\n   ExpressionList (children 3)\n    OrderByElement (children 1)\n     Identifier TABLE_SCHEM\n    OrderByElement (children 1)\n     Identifier TABLE_NAME\n    OrderByElement (children 1)\n     Identifier ORDINAL_POSITION\n",
  },
  {
    tool: 'DBeaver',
    sql: "SELECT NULL::Nullable(String) AS TABLE_CAT, system.tables.database AS TABLE_SCHEM, system.tables.name AS TABLE_NAME, trim(c.1) AS COLUMN_NAME, CAST(c.2 AS Int16) AS KEY_SEQ, 'PRIMARY' AS PK_NAME FROM system.tables ARRAY JOIN arrayZip(splitByChar(',', primary_key), arrayEnumerate(splitByChar(',', primary_key))) as c WHERE system.tables.primary_key <> '' AND system.tables.database ILIKE 'analytics' AND system.tables.name ILIKE 'assessments' ORDER BY COLUMN_NAME",
    source:
      'ClickHouse/clickhouse-java jdbc-v2/src/main/java/com/clickhouse/jdbc/metadata/DatabaseMetaDataImpl.java getPrimaryKeys',
    formatted:
      "SELECT\n    CAST(NULL, 'Nullable(String)') AS TABLE_CAT,\n    system.tables.database AS TABLE_SCHEM,\n    system.tables.name AS TABLE_NAME,\n    trimBoth(c.1) AS COLUMN_NAME,\n    CAST(c.2, 'Int16') AS KEY_SEQ,\n    'PRIMARY' AS PK_NAME\nFROM system.tables\nARRAY JOIN arrayZip(splitByChar(',', primary_key), arrayEnumerate(splitByChar(',', primary_key))) AS c\nWHERE (system.tables.primary_key != '') AND (system.tables.database ILIKE 'analytics') AND (system.tables.name ILIKE 'assessments')\nORDER BY COLUMN_NAME ASC",
    ast: "SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  SelectQuery (children 4)\n   ExpressionList (children 6)\n    Function CAST (alias TABLE_CAT) (children 1)\n     ExpressionList (children 2)\n      Literal NULL\n      Literal 'Nullable(String)'\n    Identifier system.tables.database (alias TABLE_SCHEM)\n    Identifier system.tables.name (alias TABLE_NAME)\n    Function trimBoth (alias COLUMN_NAME) (children 1)\n     ExpressionList (children 1)\n      Function tupleElement (children 1)\n       ExpressionList (children 2)\n        Identifier c\n        Literal UInt64_1\n    Function CAST (alias KEY_SEQ) (children 1)\n     ExpressionList (children 2)\n      Function tupleElement (children 1)\n       ExpressionList (children 2)\n        Identifier c\n        Literal UInt64_2\n      Literal 'Int16'\n    Literal 'PRIMARY' (alias PK_NAME)\n   TablesInSelectQuery (children 2)\n    TablesInSelectQueryElement (children 1)\n     TableExpression (children 1)\n      TableIdentifier system.tables\n    TablesInSelectQueryElement (children 1)\n     ArrayJoin (children 1)\n      ExpressionList (children 1)\n       Function arrayZip (alias c) (children 1)\n        ExpressionList (children 2)\n         Function splitByChar (children 1)\n          ExpressionList (children 2)\n           Literal ','\n           Identifier primary_key\n         Function arrayEnumerate (children 1)\n          ExpressionList (children 1)\n           Function splitByChar (children 1)\n            ExpressionList (children 2)\n             Literal ','\n             Identifier primary_key\n   Function and (children 1)\n    ExpressionList (children 3)\n     Function notEquals (children 1)\n      ExpressionList (children 2)\n       Identifier system.tables.primary_key\n       Literal ''\n     Function ilike (children 1)\n      ExpressionList (children 2)\n       Identifier system.tables.database\n       Literal 'analytics'\n     Function ilike (children 1)\n      ExpressionList (children 2)\n       Identifier system.tables.name\n       Literal 'assessments'\n   ExpressionList (children 1)\n    OrderByElement (children 1)\n     Identifier COLUMN_NAME\n",
  },
  {
    tool: 'DBeaver',
    sql: 'SHOW CREATE TABLE analytics.assessments',
    source:
      'dbeaver/dbeaver plugins/org.jkiss.dbeaver.ext.clickhouse/src/org/jkiss/dbeaver/ext/clickhouse/model/ClickhouseMetaModel.java getTableDDL',
    formatted: 'SHOW CREATE TABLE analytics.assessments',
    ast: 'ShowCreateTableQuery analytics assessments (children 2)\n Identifier analytics\n Identifier assessments\n',
  },
];
