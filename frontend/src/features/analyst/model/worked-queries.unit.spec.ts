import { describe, expect, it } from 'vitest';
import { WORKED_QUERIES } from './worked-queries';

describe('the examples on the query page', () => {
  it("are the docs' worked queries, each titled and runnable as written", () => {
    expect(WORKED_QUERIES.length).toBeGreaterThanOrEqual(4);
    expect(WORKED_QUERIES[0]?.title).toMatch(/^Drop-off per question/);
    for (const query of WORKED_QUERIES) {
      expect(query.title).not.toBe('');
      expect(query.sql).toMatch(/^(SELECT|WITH)\b/);
    }
  });
});
