import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ClickHouseClient, createClient } from '@clickhouse/client';
import { CLICKHOUSE_HTTP_PATH } from '@risk-profile/contracts';
import type { ServiceUnderTest } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsConfigSchema } from '../config';
import { BI_TOOL_QUERIES } from '../testing/bi-tool-queries';
import { type ClickHouseHttpHarness, startClickHouseHttp } from '../testing/clickhouse-http-harness';
import { TestAnalystAuthenticator } from '../testing/test-analyst-authenticator';

// One chDB data directory for this file: chDB binds one per process, and each test file runs in a
// process of its own.
const dir = mkdtempSync(join(tmpdir(), 'bi-tools-'));
const config = analyticsConfigSchema.parse({ DATA_DIR: dir, ANALYST_REPLICA_REFRESH_MS: '200' });
const auth = new TestAnalystAuthenticator();
const ANALYST = auth.account('analyst@example.com', 'analyst-demo-2026', true);
const short = (sql: string) => JSON.stringify(sql.trim().slice(0, 80));
/** The analysts' engine's folder as it shows it: through its working directory, nothing of the server's. */
const ENGINE_FOLDER = '/proc/self/cwd/clickhouse-analysts/';
/** An absolute path into a ClickHouse store anywhere else. */
const SERVER_PATH = /\/[\w.-]+\/store\/[0-9a-f]{3}\//;
const showsNoServerPath = (body: string) => {
  expect(body).not.toContain(dir);
  expect(body.replaceAll(ENGINE_FOLDER, '')).not.toMatch(SERVER_PATH);
};

describe('/clickhouse answers the queries BI tools send on connecting and listing the schema', () => {
  let server: ServiceUnderTest;
  let client: ClickHouseClient;
  let harness: ClickHouseHttpHarness | undefined;
  /** The query in the body, as the tools send it. */
  const post = (query: string, search = '') =>
    fetch(`${server.url}${CLICKHOUSE_HTTP_PATH}/?${search}`, {
      method: 'POST',
      body: query,
      headers: {
        authorization: `Basic ${Buffer.from(`${ANALYST.email}:analyst-demo-2026`).toString('base64')}`,
      },
    });

  beforeAll(async () => {
    harness = await startClickHouseHttp({ config, authenticator: auth });
    ({ server } = harness);
    client = createClient({
      url: server.url,
      pathname: CLICKHOUSE_HTTP_PATH,
      username: ANALYST.email,
      password: 'analyst-demo-2026',
    });
  });
  afterAll(async () => {
    await client?.close();
    await harness?.stop();
  });

  for (const q of BI_TOOL_QUERIES) {
    it(`answers ${q.tool}'s ${short(q.sql)} with no file system path`, async () => {
      const res = await post(q.sql);
      const body = Buffer.from(await res.arrayBuffer()).toString('latin1');
      expect(res.status, body.slice(0, 500)).toBe(200);
      showsNoServerPath(body);
    });
  }

  it('parses each query as its fixture says (else regenerate testing/bi-tool-queries.ts)', async () => {
    for (const q of BI_TOOL_QUERIES) {
      const formatted = await client.query({
        query: 'SELECT formatQuery({q:String}) AS f',
        query_params: { q: q.sql },
        format: 'JSONEachRow',
      });
      expect((await formatted.json<{ f: string }>())[0]!.f, q.sql).toBe(q.formatted);
      const ast = await post(`EXPLAIN AST ${q.formatted}`, 'default_format=TSVRaw');
      expect(await ast.text(), q.sql).toBe(q.ast);
    }
  });

  it('lists the tables through @clickhouse/client, which adds FORMAT to SHOW TABLES', async () => {
    const tables = await client.query({ query: 'SHOW TABLES', format: 'JSONEachRow' });
    expect(await tables.json<{ name: string }>()).toContainEqual({ name: 'assessments' });
    const databases = await client.query({ query: 'SHOW DATABASES', format: 'JSONEachRow' });
    expect(await databases.json<{ name: string }>()).toContainEqual({ name: 'analytics' });
  });

  it('answers every column of system.tables and system.databases with no server path, and refuses a named path column', async () => {
    for (const query of ['SELECT * FROM system.tables', 'SELECT * FROM system.databases']) {
      const res = await post(query);
      const text = await res.text();
      expect(res.status, text).toBe(200);
      showsNoServerPath(text);
    }
    for (const [query, named] of [
      ["SELECT data_paths FROM system.tables WHERE database = 'analytics'", 'column data_paths'],
      ['SELECT name, metadata_path FROM system.databases', 'column metadata_path'],
    ] as const) {
      const res = await post(query);
      const text = await res.text();
      expect(res.status, text).toBe(403);
      expect(text).toContain(named);
      showsNoServerPath(text);
    }
    const listed = await post("SELECT name, engine FROM system.tables WHERE database = 'analytics'");
    expect(listed.status).toBe(200);
    expect(await listed.text()).toMatch(/^assessments\tReplacingMergeTree/m);
  });
});
