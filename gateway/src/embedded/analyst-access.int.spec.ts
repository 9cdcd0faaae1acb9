import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ClickHouseClient, createClient } from '@clickhouse/client';
import { bundleAnalystWorker } from '@risk-profile/analytics/testing';
import { CLICKHOUSE_HTTP_PATH, ENDPOINTS, parseWorkedQueries } from '@risk-profile/contracts';
import { silentLogger } from '@risk-profile/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './start-embedded';

/**
 * The whole path a data team's tool takes: the gateway, the analytics service's interface, and
 * the adviser service's check of the demo accounts the one-process start seeds (no test double).
 */
const worked = parseWorkedQueries(
  readFileSync(new URL('../../../docs/analytics-schema.md', import.meta.url), 'utf8'),
);
const PARAMS: Record<string, unknown> = { since: '2020-01-01 00:00:00.000', adviser: 'demo-adviser' };
const DEMO = {
  analyst: { email: 'analyst@example.com', password: 'analyst-demo-2026' },
  adviser: { email: 'adviser@example.com', password: 'adviser-demo-2026' },
  admin: { email: 'admin@example.com', password: 'admin-demo-2026' },
};

describe('/clickhouse with the demo accounts of the embedded product', () => {
  let system: EmbeddedSystem;
  let dataDir: string;
  let base: string;
  const clients: ClickHouseClient[] = [];
  const clientAs = (account: { email: string; password: string }) => {
    const client = createClient({
      url: base,
      pathname: CLICKHOUSE_HTTP_PATH,
      username: account.email,
      password: account.password,
    });
    clients.push(client);
    return client;
  };
  const refusal = async (account: { email: string; password: string }) => {
    const res = await fetch(`${base}${CLICKHOUSE_HTTP_PATH}/?query=SELECT%201`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${account.email}:${account.password}`).toString('base64')}`,
      },
    });
    return { status: res.status, text: await res.text() };
  };

  let worker: Awaited<ReturnType<typeof bundleAnalystWorker>>;

  beforeAll(async () => {
    worker = await bundleAnalystWorker();
    dataDir = mkdtempSync(join(tmpdir(), 'analyst-access-'));
    system = await startEmbedded(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      { logger: silentLogger(), analystWorker: worker.script },
    );
    base = `http://127.0.0.1:${system.running.port}`;
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) await client.close();
    await system?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    worker?.remove();
  });

  it('runs every worked query of the docs as the demo analyst, with its parameters', async () => {
    const client = clientAs(DEMO.analyst);
    expect(worked.length).toBeGreaterThanOrEqual(6);
    for (const { title, sql } of worked) {
      const names = [...sql.matchAll(/\{(\w+):/g)].map((m) => m[1]!);
      const result = await client.query({
        query: sql.replace(/;\s*$/, ''),
        format: 'JSONEachRow',
        query_params: Object.fromEntries(names.map((name) => [name, PARAMS[name]])),
      });
      expect(Array.isArray(await result.json()), title).toBe(true);
    }
  });

  it('refuses a wrong password (401) and the demo adviser and administrator (403)', async () => {
    const wrong = await refusal({ ...DEMO.analyst, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toMatch(/^Code: 516\. DB::Exception: /);
    for (const account of [DEMO.adviser, DEMO.admin]) {
      const refused = await refusal(account);
      expect(refused.status, account.email).toBe(403);
      expect(refused.text).toMatch(/^Code: \d+\. DB::Exception: /);
    }
  });

  it('lets an administrator query once given analyst access explicitly', async () => {
    const login = await fetch(`${base}${ENDPOINTS.adminLogin.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.admin),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { id } = ((await login.json()) as { user: { id: string } }).user;
    const given = await fetch(`${base}/api/admin/accounts/${id}/analyst-access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ analystAccess: true }),
    });
    expect(given.status).toBe(200);
    const rows = await (
      await clientAs(DEMO.admin).query({ query: 'SELECT 1 AS one', format: 'JSONEachRow' })
    ).json();
    expect(rows).toEqual([{ one: 1 }]);
  });
});
