import { CH, chError } from './clickhouse-error';
import { type AstNode, parseAst } from './explain-ast';
import { checkNoPaths, IN_FUNCTIONS, statementParts } from './read-only-guard-rules';

export { type AstNode, parseAst };

/**
 * The read-only rule of /clickhouse, decided on ClickHouse's own parse of the query (the text of
 * `EXPLAIN AST`), never on the text as sent (SHOW's clauses that `EXPLAIN AST` leaves out are read
 * off ClickHouse's formatting of it): only reads of the analytics database, the metadata tables
 * BI tools list (without the columns that show the server's file paths), and table functions
 * that reach nothing outside the engine. The rules that need more than a walk of the tree are in
 * read-only-guard-rules.ts.
 */

/** The metadata tables BI tools read to list schemas; not the ones that show queries, users or the host. */
export const ALLOWED_SYSTEM_TABLES = new Set([
  'one',
  'numbers',
  'numbers_mt',
  'zeros',
  'zeros_mt',
  'databases',
  'tables',
  'columns',
  'functions',
  'table_functions',
  'data_type_families',
  'table_engines',
  'database_engines',
  'formats',
  'settings',
  'merge_tree_settings',
  'data_skipping_indices',
  'aggregate_function_combinators',
  'collations',
  'time_zones',
  'keywords',
  'contributors',
]);

/** Table functions that make rows from their arguments alone. */
export const ALLOWED_TABLE_FUNCTIONS = new Set([
  'numbers',
  'numbers_mt',
  'zeros',
  'zeros_mt',
  'values',
  'generaterandom',
  'generate_series',
  'generateseries',
  'null',
  'view',
  'format',
]);

/**
 * Scalar functions that reach outside the query's data (dictionaries, files, other tables by
 * name, other hosts) or describe the host; refused wherever they appear. Compared in lower case.
 */
const REFUSED_FUNCTION = [
  /^dict/,
  /^file$/,
  /^joinget/,
  /^hascolumnintable$/,
  /^catboostevaluate$/,
  /^addressto/,
  /^demangle$/,
  /^hostname$/,
  /^fqdn$/,
  /^filesystem/,
  /^getmacro$/,
  /^getoskernelversion$/,
  /^serveruuid$/,
  /^generateserialid$/,
  /^getclienthttpheader$/,
  /^zookeepersessionuptime$/,
  /^getserverport$/,
  /^tcpport$/,
  /^buildid$/,
  /^getserversetting$/,
];

/** Statements that read: everything else (writes, DDL, SYSTEM, KILL, SET, grants...) is refused. */
const READ_STATEMENTS = new Set([
  'SelectWithUnionQuery',
  'SelectIntersectExceptQuery',
  'SelectQuery',
  'Explain',
  'DescribeQuery',
  'ShowTables',
  'ShowColumns',
  'ShowCreateTableQuery',
  'ShowCreateViewQuery',
  'ShowCreateDatabaseQuery',
  'ExistsTableQuery',
  'ExistsViewQuery',
  'ExistsDatabaseQuery',
  'ShowFunctions',
  'UseQuery',
]);

export interface GuardVerdict {
  /** The output format named in the query (`FORMAT x`), if any. */
  format: string | null;
}

export interface GuardOptions {
  database: string;
  /**
   * The statement as ClickHouse formatted it (the text `EXPLAIN AST` parsed). `EXPLAIN AST`
   * leaves out SHOW's LIKE, WHERE and LIMIT and SHOW COLUMNS' table: given the text, those are
   * checked too (a name pattern and a row count only); without it, they pass unseen.
   */
  sql?: string;
}

/** Refuses a query that is not a read of the analytics database; otherwise says its format. */
export function checkReadOnly(ast: AstNode, options: GuardOptions): GuardVerdict {
  if (!READ_STATEMENTS.has(ast.kind)) {
    throw chError(CH.READONLY, `Cannot execute query in readonly mode: ${statementName(ast)} is not a read`);
  }
  const db = options.database;
  const parts = statementParts(ast, options.sql);
  if (parts.outfile) throw chError(CH.ACCESS_DENIED, 'INTO OUTFILE is not allowed');
  if (ast.kind === 'UseQuery' && ast.text !== db) {
    throw chError(CH.ACCESS_DENIED, `Only the ${db} database can be used`);
  }
  if (parts.table !== null) checkTableIn(parts.database, parts.table, db);
  else if (parts.database !== null && !isReadableDatabase(parts.database, db)) {
    throw chError(CH.ACCESS_DENIED, `Not enough privileges on database ${parts.database}`);
  }
  walk(ast, db);
  checkNoPaths(ast);
  return { format: parts.format };
}

function walk(node: AstNode, db: string): void {
  switch (node.kind) {
    case 'Set':
      throw chError(CH.READONLY, 'Cannot modify settings in readonly mode (a SETTINGS clause)');
    case 'SelectWithUnionQuery':
      // INTO OUTFILE of a statement inside another (EXPLAIN AST SELECT ... INTO OUTFILE).
      if (node.children.some((c) => c.kind === 'Literal'))
        throw chError(CH.ACCESS_DENIED, 'INTO OUTFILE is not allowed');
      break;
    case 'TableIdentifier':
      checkTable(node.text, db);
      break;
    case 'TableExpression':
      for (const child of node.children) {
        if (child.kind === 'Function') checkTableFunction(child.text);
      }
      break;
    case 'Function': {
      const name = node.text.toLowerCase();
      if (REFUSED_FUNCTION.some((pattern) => pattern.test(name))) {
        throw chError(
          CH.ACCESS_DENIED,
          `Function ${node.text} is not allowed: it reaches outside the analytics data`,
        );
      }
      if (IN_FUNCTIONS.test(node.text)) {
        const right = node.children[0]?.children[1];
        if (right?.kind === 'Identifier') checkTable(right.text, db);
      }
      break;
    }
    default:
      // A statement inside another (EXPLAIN INSERT ...) is held to the same rule.
      if (
        node.kind.endsWith('Query') &&
        !READ_STATEMENTS.has(node.kind) &&
        node.kind !== 'TablesInSelectQuery'
      ) {
        throw chError(
          CH.READONLY,
          `Cannot execute query in readonly mode: ${statementName(node)} is not a read`,
        );
      }
      break;
  }
  for (const child of node.children) walk(child, db);
}

function checkTableFunction(name: string): void {
  if (!ALLOWED_TABLE_FUNCTIONS.has(name.toLowerCase())) {
    throw chError(
      CH.ACCESS_DENIED,
      `Table function ${name} is not allowed: it reaches outside the analytics data`,
    );
  }
}

function isReadableDatabase(name: string, db: string): boolean {
  const lower = name.toLowerCase();
  return name === db || lower === 'system' || lower === 'information_schema';
}

/**
 * A table by the name EXPLAIN AST prints (backquotes dropped). One part: the current database
 * (the analytics one). Two: `db.table`. More, or a name that could be read two ways, is refused;
 * every reading of an ambiguous two-part name lands in the analytics database or an allowed table.
 */
function checkTable(name: string, db: string): void {
  const parts = name.split('.');
  if (parts.length > 2) throw notReadable(name, db);
  if (parts.length === 2) checkTableIn(parts[0]!, parts[1]!, db, name);
}

/** A table named by its database (null: the current one, the analytics database) and its name. */
function checkTableIn(database: string | null, table: string, db: string, name?: string): void {
  if (database === null || database === db) return;
  const lower = database.toLowerCase();
  if (lower === 'information_schema') return;
  if (lower === 'system' && ALLOWED_SYSTEM_TABLES.has(table)) return;
  throw notReadable(name ?? `${database}.${table}`, db);
}

const notReadable = (name: string, db: string) =>
  chError(CH.ACCESS_DENIED, `Not enough privileges to read ${name}: only the ${db} database can be read`);

function statementName(node: AstNode): string {
  return node.kind.replace(/Query$/, '').toUpperCase() || 'statement';
}
