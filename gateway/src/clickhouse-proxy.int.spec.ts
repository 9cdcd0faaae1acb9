import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type ClickHouseClient, createClient } from '@clickhouse/client';
import { bundleAnalystWorker, TestAnalystAuthenticator } from '@risk-profile/analytics/testing';
import { ANALYST_CREDENTIALS_PATH, CLICKHOUSE_HTTP_PATH } from '@risk-profile/contracts';
import { type Running, serve, silentLogger } from '@risk-profile/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded/start-embedded';
import { createGatewayApp } from './gateway-app';
import { closePools, type ServicePools, servicePools } from './upstreams';

const auth = new TestAnalystAuthenticator();
const ANALYST = auth.account('analyst@example.com', 'analyst-pass', true);

describe('/clickhouse through the embedded product', () => {
  let system: EmbeddedSystem;
  let dataDir: string;
  let base: string;
  let client: ClickHouseClient;

  let worker: Awaited<ReturnType<typeof bundleAnalystWorker>>;

  beforeAll(async () => {
    worker = await bundleAnalystWorker();
    dataDir = mkdtempSync(join(tmpdir(), 'gateway-clickhouse-'));
    system = await startEmbedded(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      { logger: silentLogger(), analystAuthenticator: auth, analystWorker: worker.script },
    );
    base = `http://127.0.0.1:${system.running.port}`;
    client = createClient({
      url: base,
      pathname: CLICKHOUSE_HTTP_PATH,
      username: ANALYST.email,
      password: 'analyst-pass',
      compression: { request: true, response: true },
    });
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await system?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    worker?.remove();
  });

  it("answers ClickHouse's ping with the gateway's security headers and no caching", async () => {
    const res = await fetch(`${base}/clickhouse/ping`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Ok.\n');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await client.ping()).toMatchObject({ success: true });
  });

  it('answers a query without credentials with ClickHouse’s 401', async () => {
    const res = await fetch(`${base}/clickhouse?query=SELECT%201`);
    expect(res.status).toBe(401);
    expect(res.headers.get('x-clickhouse-exception-code')).toBe('194');
    expect(await res.text()).toMatch(/^Code: 194\. DB::Exception: /);
  });

  it('runs @clickhouse/client queries with parameters, compressed both ways', async () => {
    const result = await client.query({
      query: 'SELECT {n:UInt32} * 2 AS x, count() AS events FROM analytics.question_events',
      format: 'JSONEachRow',
      query_params: { n: 21 },
    });
    expect(result.response_headers['content-encoding']).toBe('gzip');
    const rows = await result.json<{ x: number; events: unknown }>();
    expect(rows).toMatchObject([{ x: 42 }]);
    expect(rows[0]).toHaveProperty('events');
  });

  it('passes a gzip body intact and keeps the X-ClickHouse-User/Key headers', async () => {
    const res = await fetch(`${base}/clickhouse/?default_format=JSONEachRow`, {
      method: 'POST',
      body: gzipSync('SELECT 40 + 2 AS answer'),
      headers: {
        'content-encoding': 'gzip',
        'X-ClickHouse-User': ANALYST.email,
        'X-ClickHouse-Key': 'analyst-pass',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"answer":42}\n');
  });

  it("leaves compression to the interface: a large answer is not gzipped unless ClickHouse's setting asks", async () => {
    const query = 'SELECT number FROM numbers(5000) FORMAT TSV';
    const headers = {
      authorization: `Basic ${Buffer.from(`${ANALYST.email}:analyst-pass`).toString('base64')}`,
      'accept-encoding': 'gzip',
    };
    const plain = await fetch(`${base}/clickhouse`, { method: 'POST', body: query, headers });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).split('\n')).toHaveLength(5001);
    const asked = await fetch(`${base}/clickhouse?enable_http_compression=1`, {
      method: 'POST',
      body: query,
      headers,
    });
    expect(asked.headers.get('content-encoding')).toBe('gzip');
  });

  it('never routes the internal credential check', async () => {
    const body = JSON.stringify({ kind: 'password', email: ANALYST.email, password: 'x', ip: '1.2.3.4' });
    const posted = await fetch(`${base}${ANALYST_CREDENTIALS_PATH}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(posted.status).toBe(404);
    expect(await posted.json()).toMatchObject({ code: 'NOT_FOUND' });
    // A GET is a page address (the page's 404, or 503 where the front end is not built), never the check.
    const got = await fetch(`${base}${ANALYST_CREDENTIALS_PATH}`);
    expect([404, 503]).toContain(got.status);
    expect(got.headers.get('content-type')).not.toContain('json');
    // Nor under /clickhouse: the interface has no such path.
    const under = await fetch(`${base}/clickhouse${ANALYST_CREDENTIALS_PATH}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(under.status).toBe(404);
  });
});

/** A stand-in analytics instance that records what reached it and answers like the interface. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe('/clickhouse in the distributed mode (proxied over HTTP)', () => {
  let upstream: Server;
  let gateway: Running;
  let pools: ServicePools;
  let base: string;
  const received: Received[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        if (req.url?.startsWith('/clickhouse/slow')) {
          // Answers in parts, as a long result streams.
          res.writeHead(200, { 'content-type': 'text/tab-separated-values' });
          res.write('1\n');
          setTimeout(() => res.end('2\n'), 300);
          return;
        }
        res.writeHead(200, { 'content-type': 'text/plain', 'x-clickhouse-format': 'TabSeparated' });
        res.end('Ok.\n');
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as { port: number };
    const address = `http://127.0.0.1:${port}`;
    pools = servicePools({
      assessment: [address],
      adviser: [address],
      notification: [address],
      analytics: [address],
    });
    const app = createGatewayApp({
      upstreams: { kind: 'proxy', pools },
      logger: silentLogger(),
      publicUrl: 'http://localhost',
      publicConfig: { contactEmail: 'support@example.com', demoMode: false },
      frontendDist: '/nonexistent',
      bodyLimit: '100kb',
      rateLimitPerMinute: 8,
      clickhouseTimeoutMs: 5_000,
      trustProxy: 'loopback',
    });
    gateway = await serve(app, { port: 0, host: '127.0.0.1', logger: silentLogger() });
    base = `http://127.0.0.1:${gateway.port}`;
  });
  afterAll(async () => {
    await gateway?.stop();
    if (pools) closePools(pools);
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('sends the body as sent, with the credentials and ClickHouse headers, to the analytics service', async () => {
    const body = gzipSync('SELECT 1');
    const res = await fetch(`${base}/clickhouse/?database=analytics&param_x=1`, {
      method: 'POST',
      body,
      headers: {
        'content-encoding': 'gzip',
        'content-type': 'application/json',
        authorization: 'Basic YTpi',
        'x-clickhouse-user': 'a',
        'x-clickhouse-key': 'b',
        'x-clickhouse-format': 'JSON',
        'x-user-id': 'forged',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Ok.\n');
    expect(res.headers.get('x-clickhouse-format')).toBe('TabSeparated');
    const got = received.at(-1)!;
    expect(got).toMatchObject({ method: 'POST', url: '/clickhouse/?database=analytics&param_x=1' });
    expect(gunzipSync(got.body).toString()).toBe('SELECT 1');
    expect(got.headers).toMatchObject({
      'content-encoding': 'gzip',
      authorization: 'Basic YTpi',
      'x-clickhouse-user': 'a',
      'x-clickhouse-key': 'b',
      'x-clickhouse-format': 'JSON',
    });
    expect(got.headers['x-user-id']).toBeUndefined();
  });

  it('streams the answer as it comes, and routes /clickhouse only (not /clickhousex, not other methods)', async () => {
    const res = await fetch(`${base}/clickhouse/slow`);
    expect(await res.text()).toBe('1\n2\n');
    const before = received.length;
    expect((await fetch(`${base}/clickhousex`, { method: 'POST', body: 'SELECT 1' })).status).toBe(404);
    expect((await fetch(`${base}/clickhouse`, { method: 'DELETE' })).status).toBe(404);
    expect(received.length).toBe(before);
  });

  it("counts /clickhouse in the client's per-minute limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await fetch(`${base}/clickhouse/ping`)).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
