import { CLICKHOUSE_HTTP_PATH } from '@risk-profile/contracts';
import { queryUrl } from '../model/query-parameters';
import {
  exceptionAtEnd,
  parseQueryAnswer,
  QueryError,
  type QueryRun,
  queryErrorText,
  type RowLimit,
  serverElapsedMs,
} from '../model/query-result';
import { groupSchema, type SchemaTable } from '../model/schema';

/**
 * One query through ClickHouse's HTTP interface, as the signed-in analyst: the session cookie
 * travels (same origin, a POST, as the service accepts a cookie only so). A refused or failed
 * query throws QueryError with ClickHouse's text.
 */
async function post(
  sql: string,
  format: string,
  params: Readonly<Record<string, string>>,
  signal?: AbortSignal,
): Promise<Response> {
  const response = await fetch(queryUrl(CLICKHOUSE_HTTP_PATH, format, params), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    body: sql,
    signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new QueryError(queryErrorText(response.status, response.statusText, text));
  }
  return response;
}

/** Runs a query for the result table (JSONCompact, unless the query names its own FORMAT). */
export async function runQuery(
  sql: string,
  params: Readonly<Record<string, string>> = {},
  signal?: AbortSignal,
): Promise<QueryRun> {
  const started = performance.now();
  const response = await post(sql, 'JSONCompact', params, signal);
  const text = await response.text();
  const roundTripMs = performance.now() - started;
  return {
    result: parseQueryAnswer(text),
    serverMs: serverElapsedMs(response.headers.get('X-ClickHouse-Summary')),
    roundTripMs,
  };
}

/** Runs a query as CSV with a header line, for the analyst to save. */
export async function fetchCsv(sql: string, params: Readonly<Record<string, string>> = {}): Promise<Blob> {
  const response = await post(sql, 'CSVWithNames', params);
  const blob = await response.blob();
  // An error after the rows began comes in the body with a 200 status (see parseQueryAnswer).
  const tail = await blob.slice(Math.max(0, blob.size - 4096)).text();
  const failure = exceptionAtEnd(tail);
  if (failure) throw new QueryError(failure);
  return blob;
}

/*
 * The page's own queries (the schema, the row limit) run one at a time. The service runs at most
 * two queries of one analyst at once and refuses a third with 429 (TOO_MANY_SIMULTANEOUS_QUERIES,
 * docs/analyst-access.md): sent together as the page loads, one of them was refused, and a query
 * the analyst ran meanwhile could be too. In turn, they keep the other place for the analyst's.
 */
let pageQueries: Promise<unknown> = Promise.resolve();
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const turn = pageQueries.then(task, task);
  pageQueries = turn.catch(() => undefined);
  return turn;
}

/** The rows of a JSONCompact answer as objects, for the page's own queries of system tables. */
async function selectRows(sql: string): Promise<Record<string, unknown>[]> {
  const { result } = await inTurn(() => runQuery(sql));
  if (result.kind !== 'table') throw new QueryError('Unexpected answer format');
  return result.rows.map((row) =>
    Object.fromEntries(result.columns.map((column, i) => [column.name, row[i]])),
  );
}

const text = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));

/** The analytics database's tables, columns, types and comments, read from ClickHouse itself. */
export async function fetchSchema(): Promise<SchemaTable[]> {
  const [columns, tables] = await Promise.all([
    selectRows(
      "SELECT table, name, type, comment FROM system.columns WHERE database = 'analytics' ORDER BY table, position",
    ),
    selectRows("SELECT name, comment FROM system.tables WHERE database = 'analytics' ORDER BY name"),
  ]);
  return groupSchema(
    columns.map((row) => ({
      table: text(row.table),
      name: text(row.name),
      type: text(row.type),
      comment: text(row.comment),
    })),
    tables.map((row) => ({ name: text(row.name), comment: text(row.comment) })),
  );
}

/**
 * The server's limit on result rows for the analyst's queries and what it does at the limit
 * (cut the result, or fail it), so the page can say why; null when the server does not say.
 */
export async function fetchRowLimit(): Promise<RowLimit | null> {
  const [row] = await selectRows(
    "SELECT toUInt64(getSetting('max_result_rows')) AS max_result_rows, toString(getSetting('result_overflow_mode')) AS mode",
  );
  const rows = Number(row?.max_result_rows);
  if (!row || !Number.isFinite(rows) || rows <= 0) return null;
  return { rows, cuts: row.mode === 'break' };
}
