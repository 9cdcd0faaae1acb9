import { calendarDate, zonedParts } from '@risk-profile/contracts';
import { failureReason } from '../../../lib/api-client';

/** Rows per page of the result table: the query returns them all, the page shows them in steps. */
export const RESULT_PAGE_SIZE = 50;

/** A query's answer as the page shows it. */
export type QueryResult =
  | {
      kind: 'table';
      columns: readonly { name: string; type: string }[];
      rows: readonly (readonly unknown[])[];
    }
  /** The query named its own FORMAT (CSV, TSV, Pretty…): its text as ClickHouse wrote it. */
  | { kind: 'text'; text: string };

/** A query's result and the time it took, on the server and there and back. */
export interface QueryRun {
  result: QueryResult;
  serverMs: number | null;
  roundTripMs: number;
}

/** What ClickHouse's JSONCompact format writes (statistics and the rest are not needed here). */
interface JsonCompactBody {
  meta: { name: string; type: string }[];
  data: unknown[][];
}

const isJsonCompact = (body: unknown): body is JsonCompactBody =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as JsonCompactBody).meta) &&
  Array.isArray((body as JsonCompactBody).data) &&
  (body as JsonCompactBody).data.every(Array.isArray);

/**
 * ClickHouse writes an error that happens once the answer has begun (a time limit hit while rows
 * stream) into the body after the rows, with a 200 status; this finds it.
 */
const EXCEPTION_IN_BODY = /(?:^|\n)\s*Code: \d+\. DB::Exception:[\s\S]*$/;

/** ClickHouse's error written at the end of an answer that had begun, or null. */
export function exceptionAtEnd(text: string): string | null {
  return EXCEPTION_IN_BODY.exec(text)?.[0].trim() ?? null;
}

/** A failed query: ClickHouse's own message (code, text, name), for the analyst to read. */
export class QueryError extends Error {
  override readonly name = 'QueryError';
}

/**
 * The answer to a query sent with `default_format=JSONCompact`: a table, or the text of the
 * format the query asked for itself. Throws QueryError with ClickHouse's message for an error,
 * including one written into a 200 answer after it began.
 */
export function parseQueryAnswer(text: string): QueryResult {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const failure = exceptionAtEnd(text);
    if (failure) throw new QueryError(failure);
    return { kind: 'text', text };
  }
  // Newer servers write such an error into JSON answers as their `exception` field instead.
  if (
    typeof body === 'object' &&
    body !== null &&
    'exception' in body &&
    typeof body.exception === 'string'
  ) {
    throw new QueryError(body.exception.trim());
  }
  if (isJsonCompact(body)) return { kind: 'table', columns: body.meta, rows: body.data };
  return { kind: 'text', text };
}

/**
 * What a refused or failed query says: ClickHouse's error text as it sent it, or the gateway's
 * `{ "error": … }` for a refusal before ClickHouse (signed out, too many queries).
 */
export function queryErrorText(status: number, statusText: string, body: string): string {
  return failureReason(status, statusText, body.trim());
}

/**
 * How long ClickHouse took, in milliseconds, from the X-ClickHouse-Summary header
 * (`elapsed_ns`), or null when the header is absent or says nothing of it.
 */
export function serverElapsedMs(summaryHeader: string | null): number | null {
  if (!summaryHeader) return null;
  try {
    const summary: unknown = JSON.parse(summaryHeader);
    if (typeof summary !== 'object' || summary === null || !('elapsed_ns' in summary)) return null;
    const nanoseconds = Number(summary.elapsed_ns);
    return Number.isFinite(nanoseconds) && nanoseconds >= 0 ? nanoseconds / 1e6 : null;
  } catch {
    return null;
  }
}

/** A duration as people read it: "0.4 ms", "12 ms", "1.25 s". */
export function formatDuration(ms: number): string {
  if (ms < 1) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** The number of pages `total` rows fill (one page for none, so "page 1 of 1"). */
export function pageCount(total: number, size = RESULT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Page `page` (from 0, clamped to the pages there are) of `rows`, and where it starts. */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  size = RESULT_PAGE_SIZE,
): { rows: readonly T[]; page: number; first: number } {
  const last = pageCount(rows.length, size) - 1;
  const clamped = Math.min(Math.max(0, Math.trunc(page)), last);
  const first = clamped * size;
  return { rows: rows.slice(first, first + size), page: clamped, first };
}

/** The server's limit on the rows of a result, and whether it cuts a result there (or fails it). */
export interface RowLimit {
  rows: number;
  cuts: boolean;
}

/**
 * Whether a result may be cut short by the server's limit: with `result_overflow_mode = 'break'`
 * ClickHouse stops at (or just past, a block being whole) the limit without an error.
 */
export function reachedRowLimit(rowCount: number, limit: RowLimit | null): boolean {
  return limit?.cuts === true && rowCount >= limit.rows;
}

/**
 * What to do about a result refused for its size (ClickHouse's TOO_MANY_ROWS_OR_BYTES, the
 * server's `result_overflow_mode = 'throw'`), or null for any other error.
 */
export function tooManyRowsHint(errorText: string, limit: RowLimit | null): string | null {
  if (!errorText.includes('TOO_MANY_ROWS_OR_BYTES')) return null;
  const size = limit ? `the limit of ${limit.rows.toLocaleString('en')} rows` : 'the limit';
  return `The result is larger than ${size} per query. Add a LIMIT, a WHERE or an aggregate, or page with LIMIT … OFFSET.`;
}

/** One cell as text: NULL for null, JSON for arrays, maps and tuples, the value otherwise. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Numbers read right-aligned in the table. */
export function isNumericType(type: string): boolean {
  return /^(Nullable\()?(LowCardinality\()?(U?Int\d+|Float\d+|Decimal)/.test(type);
}

/**
 * The downloaded file's name: the time it was run, to the second, which sorts and never clashes,
 * on the firm's clock (REPORT_TIME_ZONE) as every date the product writes: not UTC's.
 */
export function csvFileName(at: Date, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  // Every zone's offset is whole minutes: the seconds are UTC's.
  const time = [p.hour, p.minute, at.getUTCSeconds()].map((n) => String(n).padStart(2, '0')).join('-');
  return `analytics-${calendarDate(at, timeZone)}T${time}.csv`;
}
