import { describe, expect, it } from 'vitest';
import { queryParameters, queryUrl } from './query-parameters';

describe('query parameters', () => {
  it('finds each placeholder once, with its type, in order', () => {
    expect(
      queryParameters(
        "SELECT * FROM t WHERE at >= {since:DateTime64(3, 'UTC')} AND slug = { adviser : String } AND at < {since:DateTime64(3, 'UTC')}",
      ),
    ).toEqual([
      { name: 'since', type: "DateTime64(3, 'UTC')" },
      { name: 'adviser', type: 'String' },
    ]);
    expect(queryParameters('SELECT 1')).toEqual([]);
    expect(queryParameters("SELECT map('a', 1)")).toEqual([]);
  });

  it('sends the format and each value as param_<name>', () => {
    expect(queryUrl('/clickhouse', 'JSONCompact', {})).toBe('/clickhouse?default_format=JSONCompact');
    expect(queryUrl('/clickhouse', 'CSVWithNames', { since: '2026-01-01 00:00:00', adviser: 'a&b' })).toBe(
      '/clickhouse?default_format=CSVWithNames&param_since=2026-01-01+00%3A00%3A00&param_adviser=a%26b',
    );
  });
});
