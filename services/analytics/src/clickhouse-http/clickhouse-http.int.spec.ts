import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type ClickHouseClient, createClient } from '@clickhouse/client';
import { CLICKHOUSE_HTTP_PATH, parseWorkedQueries } from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import type { ServiceUnderTest } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsConfigSchema } from '../config';
import type { ClickHouseAnalyticsStore } from '../store/clickhouse-analytics-store.adapter';
import { type ClickHouseHttpHarness, startClickHouseHttp } from '../testing/clickhouse-http-harness';
import { REFUSED_QUERIES } from '../testing/refused-queries';
import { TestAnalystAuthenticator } from '../testing/test-analyst-authenticator';
import { TestSessionVerifier } from '../testing/test-session-verifier';

// One chDB data directory for the whole file: chDB binds one per process.
const dir = mkdtempSync(join(tmpdir(), 'clickhouse-http-'));
const config = analyticsConfigSchema.parse({
  DATA_DIR: dir,
  ANALYST_MAX_EXECUTION_SECONDS: '2',
  ANALYST_MAX_RESULT_ROWS: '1000',
  ANALYST_REPLICA_REFRESH_MS: '200',
});
const sessions = new TestSessionVerifier();
const ADMIN = sessions.grant('admin', { role: 'admin' });
const auth = new TestAnalystAuthenticator();
const ANALYST = auth.account('analyst@example.com', 'analyst-demo-2026', true);
auth.account('adviser@example.com', 'adviser-pass', false);
auth.token('rpa_secret-token', ANALYST);

const worked = parseWorkedQueries(
  readFileSync(new URL('../../../../docs/analytics-schema.md', import.meta.url), 'utf8'),
);
const PARAMS: Record<string, unknown> = { since: '2020-01-01 00:00:00.000', adviser: 'demo-adviser' };
const placeholders = (sql: string) => [...sql.matchAll(/\{(\w+):/g)].map((m) => m[1]!);

describe('/clickhouse (chDB, PGlite)', () => {
  let sql: SqlClient;
  let store: ClickHouseAnalyticsStore;
  let server: ServiceUnderTest;
  let client: ClickHouseClient;
  const url = () => `${server.url}${CLICKHOUSE_HTTP_PATH}`;
  const raw = (
    query: string,
    init: RequestInit & { user?: string; password?: string; search?: string } = {},
  ) =>
    fetch(`${url()}/?${init.search ?? ''}`, {
      method: 'POST',
      body: query,
      ...init,
      headers: {
        authorization: `Basic ${Buffer.from(`${init.user ?? ANALYST.email}:${init.password ?? 'analyst-demo-2026'}`).toString('base64')}`,
        ...(init.headers as Record<string, string>),
      },
    });
  const count = async (table: string) =>
    (await store.select<{ n: number }>(`SELECT count() AS n FROM {db}.${table}`))[0]!.n;

  let harness: ClickHouseHttpHarness | undefined;

  beforeAll(async () => {
    harness = await startClickHouseHttp({ config, authenticator: auth, sessions });
    ({ server, store, sql } = harness);
    client = createClient({
      url: server.url,
      pathname: CLICKHOUSE_HTTP_PATH,
      username: ANALYST.email,
      password: 'analyst-demo-2026',
      compression: { request: true, response: true },
    });
  });
  afterAll(async () => {
    await client?.close();
    await harness?.stop();
  });

  it('answers ping and the bare root as a ClickHouse server does', async () => {
    expect(await client.ping()).toMatchObject({ success: true });
    expect(await (await fetch(`${url()}/ping`)).text()).toBe('Ok.\n');
    expect(await (await fetch(`${url()}/`)).text()).toBe('Ok.\n');
  });

  it('has worked queries in the docs, some with parameters', () => {
    expect(worked.length).toBeGreaterThanOrEqual(4);
  });

  for (const format of ['JSON', 'JSONEachRow', 'CSVWithNames'] as const) {
    it(`runs every worked query through @clickhouse/client in ${format}, compressed`, async () => {
      for (const q of worked) {
        const names = placeholders(q.sql);
        const query_params = Object.fromEntries(names.map((n) => [n, PARAMS[n]]));
        const result = await client.query({ query: q.sql.replace(/;\s*$/, ''), format, query_params });
        const text = await result.text();
        if (format === 'JSON') expect(JSON.parse(text)).toHaveProperty('data');
        if (format === 'CSVWithNames') expect(text.split('\n')[0]).toMatch(/"/);
        expect(result.response_headers['x-clickhouse-format']).toBe(format);
        expect(result.response_headers['content-encoding']).toBe('gzip');
      }
    });
  }

  it('binds param_ values and runs queries without them', async () => {
    const withParams = await client.query({
      query: 'SELECT {n:UInt32} * 2 AS x, {s:String} AS s',
      format: 'JSONEachRow',
      query_params: { n: 21, s: 'plain' },
    });
    expect(await withParams.json()).toEqual([{ x: 42, s: 'plain' }]);
    const plain = await client.query({
      query: 'SELECT count() AS n FROM analytics.question_events',
      format: 'JSON',
    });
    expect((await plain.json()).rows).toBe(1);
  });

  it("binds String parameters as a server does: the client's escapes undone, \\N a NULL", async () => {
    const text = "it's a \\ back\tslash\nline é";
    const result = await client.query({
      query: 'SELECT {s:String} AS s, {n:Nullable(String)} AS n',
      format: 'JSONEachRow',
      query_params: { s: text, n: null },
    });
    expect(await result.json()).toEqual([{ s: text, n: null }]);
    const search = new URLSearchParams({ param_s: "it\\'s", param_x: '\\x41' });
    const viaUrl = await raw('SELECT {s:String} AS s, {x:String} AS x FORMAT JSONEachRow', {
      search: search.toString(),
    });
    expect(await viaUrl.text()).toBe('{"s":"it\'s","x":"A"}\n');
  });

  it('takes an API token as the password, X-ClickHouse-User/Key, and URL user/password', async () => {
    expect((await raw('SELECT 1', { password: 'rpa_secret-token', user: 'anything' })).status).toBe(200);
    const headers = await fetch(`${url()}/`, {
      method: 'POST',
      body: 'SELECT 1',
      headers: { 'X-ClickHouse-User': ANALYST.email, 'X-ClickHouse-Key': 'analyst-demo-2026' },
    });
    expect(await headers.text()).toBe('1\n');
    const search = new URLSearchParams({
      user: ANALYST.email,
      password: 'analyst-demo-2026',
      query: 'SELECT 2',
    });
    expect(await (await fetch(`${url()}/?${search}`)).text()).toBe('2\n');
  });

  it('refuses a wrong password with 401 and a valid account without analyst access with 403', async () => {
    const wrong = await raw('SELECT 1', { password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('x-clickhouse-exception-code')).toBe('516');
    expect(await wrong.text()).toMatch(/^Code: 516\. DB::Exception: .*\(AUTHENTICATION_FAILED\)\n$/);
    const bad = createClient({
      url: server.url,
      pathname: CLICKHOUSE_HTTP_PATH,
      username: ANALYST.email,
      password: 'x',
    });
    await expect(bad.query({ query: 'SELECT 1' })).rejects.toMatchObject({
      code: '516',
      type: 'AUTHENTICATION_FAILED',
    });
    await bad.close();
    const adviser = await raw('SELECT 1', { user: 'adviser@example.com', password: 'adviser-pass' });
    expect(adviser.status).toBe(403);
    expect(adviser.headers.get('x-clickhouse-exception-code')).toBe('497');
    expect((await fetch(`${url()}/`, { method: 'POST', body: 'SELECT 1' })).status).toBe(401);
  });

  it('takes the session cookie of an analyst on a POST only, and refuses an admin without analyst access', async () => {
    const cookie = sessions.grant('cookie-analyst', { role: 'analyst' });
    const post = await fetch(`${url()}/`, { method: 'POST', body: 'SELECT 3', headers: { cookie } });
    expect(await post.text()).toBe('3\n');
    const get = await fetch(`${url()}/?query=SELECT%203`, { headers: { cookie } });
    expect(get.status).toBe(401);
    const crossSite = await fetch(`${url()}/`, {
      method: 'POST',
      body: 'SELECT 3',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const admin = await fetch(`${url()}/`, { method: 'POST', body: 'SELECT 3', headers: { cookie: ADMIN } });
    expect(admin.status).toBe(403);
  });

  it('takes a gzip request body and concatenates the query parameter with the body', async () => {
    const gz = await raw(gzipSync('SELECT 40 + 2') as unknown as string, {
      headers: { 'content-encoding': 'gzip' },
    });
    expect(await gz.text()).toBe('42\n');
    const joined = await raw('FORMAT JSONEachRow', { search: 'query=SELECT%207%20AS%20x' });
    expect(await joined.text()).toBe('{"x":7}\n');
  });

  const REFUSED = [
    ...REFUSED_QUERIES,
    // Two statements in one: refused by formatQuery, before the check.
    'SELECT 1; DROP TABLE analytics.question_events',
  ];
  it(`refuses ${REFUSED.length} writes, settings, table functions and tables outside, and nothing changes`, async () => {
    const before = { events: await count('question_events'), tables: await count('schema_migrations') };
    for (const query of REFUSED) {
      const res = await raw(query);
      const text = await res.text();
      expect(res.status, query).toBeGreaterThanOrEqual(400);
      expect(res.status, query).toBeLessThan(500);
      expect(text, query).toMatch(/^Code: \d+\. DB::Exception: /);
    }
    expect({ events: await count('question_events'), tables: await count('schema_migrations') }).toEqual(
      before,
    );
    const tables = await store.select<{ name: string }>(
      "SELECT name FROM system.tables WHERE database = 'analytics' AND name = 'x'",
    );
    expect(tables).toEqual([]);
  });

  it('checks a repeated text again when its parameters differ: a table named by a parameter', async () => {
    const query = 'SELECT count() AS n FROM {db:Identifier}.{t:Identifier}';
    const allowed = await raw(query, {
      search: 'default_format=JSONEachRow&param_db=analytics&param_t=question_events',
    });
    expect(allowed.status, await allowed.clone().text()).toBe(200);
    // The same text, already found read-only once, now names a table outside the analytics database.
    for (let i = 0; i < 2; i++) {
      const refused = await raw(query, { search: 'param_db=system&param_t=users' });
      // Refused by the check (a run would answer 200: system.users exists).
      expect(refused.status).toBe(403);
      expect(await refused.text()).toMatch(/^Code: \d+\. DB::Exception: .*system\.users/);
    }
    const again = await raw(query, {
      search: 'default_format=JSONEachRow&param_db=analytics&param_t=question_events',
    });
    expect(again.status).toBe(200);
  });

  it('allows the metadata BI tools read', async () => {
    for (const query of [
      'SHOW TABLES FROM analytics',
      'DESCRIBE TABLE analytics.question_events',
      'SHOW CREATE TABLE analytics.question_events',
      'EXISTS TABLE analytics.question_events',
      "SELECT name FROM system.columns WHERE database = 'analytics'",
      'SELECT name FROM system.databases',
      'SELECT * FROM information_schema.tables LIMIT 1',
      'EXPLAIN SELECT 1',
      'SELECT number FROM numbers(10)',
    ]) {
      const res = await raw(query);
      expect(res.status, `${query}: ${await res.clone().text()}`).toBe(200);
    }
  });

  it('refuses a setting that changes a limit and accepts one that changes nothing', async () => {
    const loosen = await raw('SELECT 1', { search: 'max_result_rows=0' });
    expect(loosen.status, await loosen.clone().text()).toBe(403);
    expect((await raw('SELECT 1', { search: 'max_threads=2' })).status).toBe(200);
  });

  it('stops a runaway query at its time limit and a result over its row limit, while the dashboard still answers', async () => {
    const started = Date.now();
    const runaway = raw('SELECT count() FROM numbers(1e13)');
    const dashboard = await store.select<{ n: number }>('SELECT count() AS n FROM {db}.question_events');
    expect(dashboard).toHaveLength(1);
    const res = await runaway;
    expect(res.status).toBe(408);
    expect(res.headers.get('x-clickhouse-exception-code')).toBe('159');
    expect(Date.now() - started).toBeLessThan(5_000);
    const big = await raw('SELECT number FROM numbers(100000)');
    expect(big.headers.get('x-clickhouse-exception-code')).toBe('396');
  });

  it("reports a syntax error in the analyst's own text, not in the check's formatQuery", async () => {
    const query = "SELECT session_id FRM analytics.sessions WHERE device_type = 'it''s'";
    const res = await raw(query);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(res.headers.get('x-clickhouse-exception-code')).toBe('62');
    expect(text).toMatch(/^Code: 62\. DB::Exception: Syntax error: failed at position \d+ /);
    expect(text).toContain('Expected one of:');
    expect(text).toMatch(/\(SYNTAX_ERROR\)\n$/);
    expect(text).not.toMatch(/formatQuery|In scope/);
    // The position counts in the analyst's text, and the excerpt quotes it as they wrote it.
    const position = Number(/position (\d+)/.exec(text)![1]);
    expect(query.slice(position - 1)).toMatch(/^analytics\.sessions/);
    expect(text).toContain("(analytics): analytics.sessions WHERE device_type = 'it''s'. Expected one of:");
  });

  it('runs at most two queries of one analyst at a time', async () => {
    const slow = () => raw('SELECT sleep(1)');
    const answers = await Promise.all([slow(), slow(), slow()]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const third = answers.find((a) => a.status === 429)!;
    expect(third.headers.get('x-clickhouse-exception-code')).toBe('202');
  });

  it('keeps every query in the append-only access log, served to administrators', async () => {
    const res = await fetch(`${server.url}/api/admin/analyst-queries?limit=200`, {
      headers: { cookie: ADMIN },
    });
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as {
      items: { outcome: string; query: string; rows: number | null; analystEmail: string }[];
    };
    expect(items.some((i) => i.outcome === 'ok' && i.query === 'SELECT 40 + 2' && i.rows === 1)).toBe(true);
    expect(items.some((i) => i.outcome === 'refused' && i.query.startsWith('DROP TABLE'))).toBe(true);
    expect(items.some((i) => i.outcome === 'failed' && i.query.includes('numbers(1e13)'))).toBe(true);
    await expect(sql.query('DELETE FROM analyst_query_log')).rejects.toThrow(/append-only/);
    expect((await fetch(`${server.url}/api/admin/analyst-queries`)).status).toBe(401);
  });
});
