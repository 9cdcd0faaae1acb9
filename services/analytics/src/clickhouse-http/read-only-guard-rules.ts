import { CH, chError } from './clickhouse-error';
import type { AstNode } from './explain-ast';

/**
 * The parts of the read-only rule that need more than a walk of the tree: what a statement's
 * own clauses say (the names it is about, FORMAT, INTO OUTFILE), the clauses of SHOW that
 * `EXPLAIN AST` leaves out, and the system tables' columns that hold the server's file paths.
 */

/** What a statement's own clauses name. */
export interface StatementParts {
  /** The database the statement is about (SHOW TABLES FROM, EXISTS, SHOW CREATE), if named. */
  database: string | null;
  /** The table the statement is about (EXISTS, SHOW CREATE, SHOW COLUMNS), if any. */
  table: string | null;
  /** The output format (`FORMAT x`), if named. */
  format: string | null;
  /** Whether the statement writes its answer to a file (`INTO OUTFILE`). */
  outfile: boolean;
}

/** Statements that name a table: `EXPLAIN AST` prints it as `db table` (or `table`) and as identifiers. */
const TABLE_STATEMENTS = new Set([
  'ExistsTableQuery',
  'ExistsViewQuery',
  'ShowCreateTableQuery',
  'ShowCreateViewQuery',
]);
const DATABASE_STATEMENTS = new Set(['ExistsDatabaseQuery', 'ShowCreateDatabaseQuery']);

/**
 * The output formats of ClickHouse (26.7, `system.formats`): a lone identifier of SHOW TABLES or
 * SHOW DATABASES is its FORMAT when it names one of them, and otherwise the database of SHOW
 * TABLES FROM, as `EXPLAIN AST` prints both the same way. Compared in lower case, as formats are.
 */
const OUTPUT_FORMATS = new Set(
  `Arrow ArrowStream Avro AvroConfluent BSONEachRow Buffers CSV CSVWithNames CSVWithNamesAndTypes
  CustomSeparated CustomSeparatedWithNames CustomSeparatedWithNamesAndTypes GeoJSON Hash JSON JSONColumns
  JSONColumnsWithMetadata JSONCompact JSONCompactColumns JSONCompactEachRow JSONCompactEachRowWithNames
  JSONCompactEachRowWithNamesAndTypes JSONCompactEachRowWithProgress JSONCompactStrings
  JSONCompactStringsEachRow JSONCompactStringsEachRowWithNames JSONCompactStringsEachRowWithNamesAndTypes
  JSONCompactStringsEachRowWithProgress JSONEachRow JSONEachRowWithProgress JSONL JSONLines
  JSONObjectEachRow JSONStrings JSONStringsEachRow JSONStringsEachRowWithProgress LineAsString
  LineAsStringWithNames LineAsStringWithNamesAndTypes MD Markdown MsgPack MySQLWire NDJSON Native Npy Null
  ODBCDriver2 ORC PNG Parquet PostgreSQLWire Pretty PrettyCompact PrettyCompactMonoBlock
  PrettyCompactNoEscapes PrettyCompactNoEscapesMonoBlock PrettyJSONEachRow PrettyJSONLines PrettyMonoBlock
  PrettyNDJSON PrettyNoEscapes PrettyNoEscapesMonoBlock PrettySpace PrettySpaceMonoBlock
  PrettySpaceNoEscapes PrettySpaceNoEscapesMonoBlock Prometheus Protobuf ProtobufList ProtobufSingle Raw
  RawBLOB RawWithNames RawWithNamesAndTypes RowBinary RowBinaryWithNames RowBinaryWithNamesAndTypes
  SQLInsert TSKV TSV TSVRaw TSVRawWithNames TSVRawWithNamesAndTypes TSVWithNames TSVWithNamesAndTypes
  TabSeparated TabSeparatedRaw TabSeparatedRawWithNames TabSeparatedRawWithNamesAndTypes
  TabSeparatedWithNames TabSeparatedWithNamesAndTypes Template Values Vertical XML`
    .toLowerCase()
    .split(/\s+/),
);

// SHOW as formatQuery writes it: a name pattern and a row count are all it may have beyond the
// database or table; a WHERE (any expression) or a LIMIT expression makes no match.
const IDENT = '(?:[A-Za-z_][A-Za-z0-9_]*|`(?:[^`\\\\]|\\\\.)*`)';
const STRING = "'(?:[^'\\\\]|\\\\.)*'";
const SHOW_TAIL = `(?: (?:NOT )?I?LIKE ${STRING})?(?: LIMIT \\d+)?(?:\\nFORMAT (${IDENT}))?$`;
const SHOW_TABLES_TEXT = new RegExp(
  `^SHOW (?:TEMPORARY TABLES|TABLES|DATABASES|DICTIONARIES)(?: FROM (${IDENT}))?${SHOW_TAIL}`,
);
const SHOW_COLUMNS_TEXT = new RegExp(
  `^SHOW (?:EXTENDED )?(?:FULL )?(?:COLUMNS|INDEXES) FROM (${IDENT})(?: FROM (${IDENT}))?${SHOW_TAIL}`,
);
const unquote = (name: string | undefined): string | null =>
  name === undefined ? null : name.startsWith('`') ? name.slice(1, -1).replace(/\\(.)/g, '$1') : name;

/**
 * The names, format and INTO OUTFILE of a statement, from its direct children: a statement's
 * trailing clauses are children of its node, INTO OUTFILE (and its COMPRESSION) as literals and
 * FORMAT as the last identifier. `sql` is the statement as ClickHouse formatted it, for SHOW.
 */
export function statementParts(ast: AstNode, sql: string | undefined): StatementParts {
  const ids = ast.children.filter((c) => c.kind === 'Identifier').map((c) => c.text);
  const outfile = ast.kind !== 'SelectQuery' && ast.children.some((c) => c.kind === 'Literal');
  const parts: StatementParts = { database: null, table: null, format: null, outfile };
  if (TABLE_STATEMENTS.has(ast.kind)) {
    // `db table` with the database, `table` without: the identifiers after the names are FORMAT.
    const named = ids.length >= 2 && ast.text === `${ids[0]} ${ids[1]}` ? 2 : 1;
    parts.database = named === 2 ? ids[0]! : null;
    parts.table = ids[named - 1] ?? null;
    parts.format = ids[named] ?? null;
  } else if (DATABASE_STATEMENTS.has(ast.kind)) {
    parts.database = ids[0] ?? null;
    parts.format = ids[1] ?? null;
  } else if (ast.kind === 'ShowTables' || ast.kind === 'ShowColumns') {
    if (sql !== undefined) return showParts(ast.kind, sql, outfile);
    if (ast.kind === 'ShowColumns' || ids.length === 2) {
      parts.database = ast.kind === 'ShowTables' && ids.length === 2 ? ids[0]! : null;
      parts.format = ids.at(-1) ?? null;
    } else if (ids.length === 1) {
      // SHOW TABLES FROM x and SHOW TABLES FORMAT x print alike: a format's name is taken for one.
      if (OUTPUT_FORMATS.has(ids[0]!.toLowerCase())) parts.format = ids[0]!;
      else parts.database = ids[0]!;
    }
  } else if (ast.kind !== 'UseQuery') {
    parts.format = ids.at(-1) ?? null;
  }
  return parts;
}

/** SHOW TABLES / DATABASES / COLUMNS read off their formatted text; anything beyond LIKE and LIMIT n is refused. */
function showParts(kind: string, sql: string, outfile: boolean): StatementParts {
  const match = (kind === 'ShowTables' ? SHOW_TABLES_TEXT : SHOW_COLUMNS_TEXT).exec(sql);
  if (!match) {
    if (outfile) return { database: null, table: null, format: null, outfile };
    throw chError(
      CH.ACCESS_DENIED,
      'This SHOW is not allowed: only SHOW TABLES, SHOW DATABASES, SHOW DICTIONARIES and SHOW COLUMNS, with at most LIKE and LIMIT n (no WHERE). Query system.tables or system.columns instead',
    );
  }
  if (kind === 'ShowTables') {
    return { database: unquote(match[1]), table: null, format: unquote(match[2]), outfile };
  }
  return { database: unquote(match[2]), table: unquote(match[1]), format: unquote(match[3]), outfile };
}

/** Functions whose second argument may name a table (`x IN db.table`). */
export const IN_FUNCTIONS = /^(global)?(not)?(in|nullin|notnullin|nullnotin)$/i;

/** The allowed system tables with columns that show the server's file system paths, and those columns. */
const PATH_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  'system.tables': ['data_paths', 'metadata_path'],
  'system.databases': ['data_path', 'metadata_path'],
};
/** Column names refused in a query that reads one of those tables (`path` too, wherever it would appear). */
const PATH_NAMES = new Set(['data_paths', 'data_path', 'metadata_path', 'path']);

/**
 * Analysts are shown no file system paths: a query that reads system.tables or system.databases
 * may not name a path column anywhere (in SELECT, WHERE, USING, EXCEPT...). Every column (`*`, as
 * DBeaver lists tables) is allowed: the analysts' engine opens its folder through
 * /proc/self/cwd, so its paths show nothing of the server's layout (analyst-worker/main.ts).
 */
export function checkNoPaths(ast: AstNode): void {
  const read = new Set<string>();
  collectPathTables(ast, read);
  if (read.size > 0) visit(ast, read);
}

function collectPathTables(node: AstNode, read: Set<string>): void {
  const named = node.kind === 'TableIdentifier' || node.kind === 'Identifier';
  if (named && PATH_COLUMNS[node.text.toLowerCase()]) read.add(node.text.toLowerCase());
  for (const child of node.children) collectPathTables(child, read);
}

function visit(node: AstNode, read: Set<string>): void {
  if (node.kind === 'Identifier') {
    const column = node.text.split('.').at(-1)!.toLowerCase();
    if (PATH_NAMES.has(column)) {
      const table = [...read].find((t) => PATH_COLUMNS[t]!.includes(column)) ?? [...read][0]!;
      throw chError(
        CH.ACCESS_DENIED,
        `Not enough privileges to read column ${column} in a query that reads ${table}: it holds the server's file system paths, which analysts are not shown. List the columns wanted without it`,
      );
    }
  }
  for (const child of node.children) visit(child, read);
}
