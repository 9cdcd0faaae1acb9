import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRowLimit, fetchSchema, runQuery } from './clickhouse';

/** A /clickhouse stand-in that counts the requests in flight at once, as the server does per analyst. */
function countingServer() {
  let inFlight = 0;
  const seen = { most: 0, requests: 0 };
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    inFlight += 1;
    seen.requests += 1;
    seen.most = Math.max(seen.most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight -= 1;
    const sql = String(init.body);
    const answer = sql.includes('max_result_rows')
      ? { meta: [{ name: 'max_result_rows' }, { name: 'mode' }], data: [['1000', 'throw']] }
      : { meta: [{ name: 'table' }], data: [] };
    return new Response(JSON.stringify({ ...answer, rows: answer.data.length }), { status: 200 });
  });
  return seen;
}

describe("the query page's own queries", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('run one at a time, leaving the second of an analyst’s two queries at once for the analyst', async () => {
    const seen = countingServer();
    // What the page asks as it loads: the schema and the row limit, at once.
    await Promise.all([fetchSchema(), fetchRowLimit(), fetchSchema()]);
    expect(seen.requests).toBeGreaterThanOrEqual(3);
    expect(seen.most).toBe(1);
  });

  it("never hold back the analyst's own query", async () => {
    const seen = countingServer();
    await Promise.all([fetchSchema(), runQuery('SELECT 1')]);
    expect(seen.most).toBe(2);
  });
});
