import { describe, expect, it } from 'vitest';
import {
  csvFileName,
  exceptionAtEnd,
  formatCell,
  formatDuration,
  isNumericType,
  pageCount,
  pageOf,
  parseQueryAnswer,
  QueryError,
  queryErrorText,
  reachedRowLimit,
  serverElapsedMs,
  tooManyRowsHint,
} from './query-result';

const rows = Array.from({ length: 123 }, (_, i) => [i]);

describe('result paging', () => {
  it('shows 50 rows a page, the last page what is left', () => {
    expect(pageCount(123)).toBe(3);
    expect(pageOf(rows, 0)).toEqual({ rows: rows.slice(0, 50), page: 0, first: 0 });
    expect(pageOf(rows, 2)).toEqual({ rows: rows.slice(100), page: 2, first: 100 });
    expect(pageOf(rows, 2).rows).toHaveLength(23);
  });

  it('keeps the page within the pages there are', () => {
    expect(pageOf(rows, 7).page).toBe(2);
    expect(pageOf(rows, -1).page).toBe(0);
    expect(pageOf([], 3)).toEqual({ rows: [], page: 0, first: 0 });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
  });

  it('says a result may be cut short only at a known limit that cuts', () => {
    const cuts = { rows: 10_000, cuts: true };
    expect(reachedRowLimit(10_000, cuts)).toBe(true);
    // 'break' stops after a whole block, so a result may pass the limit a little.
    expect(reachedRowLimit(10_240, cuts)).toBe(true);
    expect(reachedRowLimit(9_999, cuts)).toBe(false);
    expect(reachedRowLimit(10_000, null)).toBe(false);
    // 'throw' fails such a result instead: the error says so (tooManyRowsHint).
    expect(reachedRowLimit(10_000, { rows: 10_000, cuts: false })).toBe(false);
  });

  it('explains a result refused for its size, and no other error', () => {
    const tooMany =
      'Code: 396. DB::Exception: Limit for result exceeded, max rows: 10.00 thousand, current rows: 65.41 thousand. (TOO_MANY_ROWS_OR_BYTES)';
    expect(tooManyRowsHint(tooMany, { rows: 10_000, cuts: false })).toBe(
      'The result is larger than the limit of 10,000 rows per query. Add a LIMIT, a WHERE or an aggregate, or page with LIMIT … OFFSET.',
    );
    expect(tooManyRowsHint(tooMany, null)).toMatch(/^The result is larger than the limit per query\./);
    expect(tooManyRowsHint('Code: 62. DB::Exception: Syntax error (SYNTAX_ERROR)', null)).toBeNull();
  });
});

describe('answers and formats', () => {
  it('reads a JSONCompact answer as columns and rows', () => {
    const text = JSON.stringify({
      meta: [
        { name: 'question_number', type: 'UInt8' },
        { name: 'drop_off_pct', type: 'Float64' },
      ],
      data: [
        [1, 12.5],
        [2, null],
      ],
      rows: 2,
      statistics: { elapsed: 0.001, rows_read: 10, bytes_read: 100 },
    });
    expect(parseQueryAnswer(text)).toEqual({
      kind: 'table',
      columns: [
        { name: 'question_number', type: 'UInt8' },
        { name: 'drop_off_pct', type: 'Float64' },
      ],
      rows: [
        [1, 12.5],
        [2, null],
      ],
    });
  });

  it('shows the text of a format the query named itself', () => {
    expect(parseQueryAnswer('question_id,viewed\nq1,3\n')).toEqual({
      kind: 'text',
      text: 'question_id,viewed\nq1,3\n',
    });
    expect(parseQueryAnswer('{"a":1}\n{"a":2}\n')).toEqual({ kind: 'text', text: '{"a":1}\n{"a":2}\n' });
  });

  it('throws the error ClickHouse wrote after the rows had begun', () => {
    const message =
      'Code: 159. DB::Exception: Timeout exceeded: elapsed 10.0 seconds, maximum: 10. (TIMEOUT_EXCEEDED)';
    expect(() =>
      parseQueryAnswer(`{"meta":[{"name":"n","type":"UInt64"}],"data":[["1"],\n${message}\n`),
    ).toThrow(new QueryError(message));
    expect(() => parseQueryAnswer(JSON.stringify({ meta: [], data: [], exception: `${message}\n` }))).toThrow(
      new QueryError(message),
    );
    expect(exceptionAtEnd(`a,b\n1,2\n${message}\n`)).toBe(message);
    expect(exceptionAtEnd('a,b\n1,2\n')).toBeNull();
  });

  it("names the CSV file by the time it was made, on the firm's clock (issue 42, item 6)", () => {
    // 10:34:07 pm on the 27th in UTC is 9:34:07 am on the 28th in Sydney.
    expect(csvFileName(new Date('2026-11-27T22:34:07.123Z'), 'Australia/Sydney')).toBe(
      'analytics-2026-11-28T09-34-07.csv',
    );
    expect(csvFileName(new Date('2026-11-26T05:10:07.123Z'), 'UTC')).toBe(
      'analytics-2026-11-26T05-10-07.csv',
    );
  });

  it('shows cells as text, NULL for null', () => {
    expect(formatCell(null)).toBe('NULL');
    expect(formatCell('12345678901234567890')).toBe('12345678901234567890');
    expect(formatCell(3.5)).toBe('3.5');
    expect(formatCell(true)).toBe('true');
    expect(formatCell(['a', 1])).toBe('["a",1]');
    expect(formatCell({ k: 1 })).toBe('{"k":1}');
  });

  it('aligns numbers by their type', () => {
    expect(isNumericType('UInt8')).toBe(true);
    expect(isNumericType('Nullable(Float64)')).toBe(true);
    expect(isNumericType('Decimal(10, 2)')).toBe(true);
    expect(isNumericType('String')).toBe(false);
    expect(isNumericType("DateTime64(3, 'UTC')")).toBe(false);
    expect(isNumericType('LowCardinality(String)')).toBe(false);
  });
});

describe('time taken', () => {
  it('reads the elapsed time from X-ClickHouse-Summary', () => {
    expect(
      serverElapsedMs('{"read_rows":"10","read_bytes":"80","result_rows":"1","elapsed_ns":"2500000"}'),
    ).toBe(2.5);
    expect(serverElapsedMs('{"read_rows":"10"}')).toBeNull();
    expect(serverElapsedMs(null)).toBeNull();
    expect(serverElapsedMs('not json')).toBeNull();
  });

  it('formats durations as people read them', () => {
    expect(formatDuration(0.42)).toBe('0.4 ms');
    expect(formatDuration(12.4)).toBe('12 ms');
    expect(formatDuration(1250)).toBe('1.25 s');
  });
});

describe('errors', () => {
  it("keeps ClickHouse's error text as it came", () => {
    const text =
      'Code: 164. DB::Exception: analyst: Cannot execute query in readonly mode. (READONLY) (version 26.1.1.1)\n';
    expect(queryErrorText(500, 'Internal Server Error', text)).toBe(text.trim());
  });

  it("shows the product's own refusal by its reason", () => {
    expect(queryErrorText(401, 'Unauthorized', '{"error":"Sign in to query the analytics store."}')).toBe(
      'Sign in to query the analytics store.',
    );
    expect(queryErrorText(502, 'Bad Gateway', '')).toBe('Bad Gateway');
  });
});
