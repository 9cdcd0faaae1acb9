import { get, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  createSessionTokens,
  createSessionVerifier,
  type Running,
  serve,
  sessionCookie,
  silentLogger,
} from '@risk-profile/platform';
import { capturingLogger, startTestInstance, type TestInstance } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from './gateway-app';
import { closePools, type ServicePools, servicePools } from './upstreams';

const SECRET = 'failover-test-secret-of-at-least-32-characters';
const PUBLIC_URL = 'http://localhost';

describe('the distributed gateway in front of several instances of a service', () => {
  let assessments: TestInstance[];
  let advisers: TestInstance[];
  let analytics: TestInstance;
  let notification: TestInstance;
  let pools: ServicePools;
  let gateway: Running;
  let url: string;
  const log = capturingLogger();
  /** Instances that drop every request they receive, unanswered (a crash mid-request). */
  const dropping = new Set<string>();
  /** The open event streams' responses, to write events to. */
  const streams: ServerResponse[] = [];
  let streamsClosed = 0;

  const dropWhenTold = (name: string) => (req: { socket: { destroy(): void } }) => {
    if (!dropping.has(name)) return false;
    req.socket.destroy();
    return true;
  };

  beforeAll(async () => {
    assessments = await Promise.all(
      ['one', 'two', 'three'].map((n) => startTestInstance(n, dropWhenTold(n))),
    );
    advisers = await Promise.all(['flaky', 'steady'].map((n) => startTestInstance(n, dropWhenTold(n))));
    notification = await startTestInstance('notification');
    analytics = await startTestInstance('analytics', (req, res) => {
      if (!req.url?.startsWith('/api/admin/analytics/stream')) return false;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store, no-transform' });
      res.write('retry: 2000\n\n');
      streams.push(res);
      res.on('close', () => {
        streamsClosed++;
      });
      return true;
    });
    // The background probe is left to the pool's own tests; here `probe()` runs its tick by hand,
    // so which instance is tried first is known.
    pools = servicePools(
      {
        assessment: assessments.map((i) => i.url),
        adviser: advisers.map((i) => i.url),
        notification: [notification.url],
        analytics: [analytics.url],
      },
      { logger: log.logger, probeIntervalMs: 3_600_000 },
    );
    const tokens = createSessionTokens(SECRET);
    const app = createGatewayApp({
      upstreams: { kind: 'proxy', pools },
      sessions: createSessionVerifier({ tokens, cookie: sessionCookie(PUBLIC_URL) }),
      logger: log.logger,
      publicUrl: PUBLIC_URL,
      publicConfig: { contactEmail: 'support@example.com', demoMode: false },
      frontendDist: '/nonexistent',
      bodyLimit: '100kb',
      rateLimitPerMinute: 0,
      trustProxy: 'loopback',
    });
    gateway = await serve(app, { port: 0, host: '127.0.0.1', logger: silentLogger() });
    url = `http://127.0.0.1:${gateway.port}`;
  });

  afterAll(async () => {
    for (const stream of streams) stream.destroy();
    await gateway?.stop();
    if (pools) closePools(pools);
    for (const instance of [...(assessments ?? []), ...(advisers ?? []), notification, analytics]) {
      await instance?.kill();
    }
  });

  const draft = (n: number) =>
    fetch(`${url}/api/assessments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n }),
    });
  /** Sends `count` drafts one after another; the instance that answered each, or its status. */
  async function drafts(count: number): Promise<string[]> {
    const answered = [];
    for (let n = 0; n < count; n++) {
      const res = await draft(n);
      if (res.status !== 200) {
        answered.push(`${res.status}`);
        continue;
      }
      const body = (await res.json()) as { instance: string; body: string };
      expect(JSON.parse(body.body)).toEqual({ n });
      answered.push(body.instance);
    }
    return answered;
  }
  const servedCounts = () => assessments.map((i) => i.served.length);

  it('sends requests to the instances in turn, bodies and forwarded headers intact', async () => {
    expect(await drafts(6)).toEqual(['one', 'two', 'three', 'one', 'two', 'three']);
    const seen = assessments[0]?.served.at(-1);
    expect(seen?.headers['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(seen?.headers['x-forwarded-proto']).toBe('http');
    expect(seen?.headers['content-length']).toBe(String(JSON.stringify({ n: 3 }).length));
  });

  it('sends a POST whose instance refuses connections to the next one, and then passes it over', async () => {
    const two = assessments[1] as TestInstance;
    const before = servedCounts();
    await two.kill();
    // "one" is next in turn, then "two", which refuses: its draft goes to "three".
    const answered = await drafts(6);
    expect(answered).not.toContain('two');
    expect(answered.filter((a) => a !== 'one' && a !== 'three')).toEqual([]);
    expect(answered.slice(0, 2)).toEqual(['one', 'three']);
    expect(servedCounts()[1]).toBe(before[1]);
    expect(log.text()).toMatch(
      /"reached":false,"retried":true,"msg":"upstream failed, trying the next instance"/,
    );
  });

  it('takes a restarted instance back once its readiness succeeds', async () => {
    const two = assessments[1] as TestInstance;
    await two.start();
    two.ready = false;
    await pools.assessment.probe();
    expect(await drafts(4)).not.toContain('two');
    two.ready = true;
    await pools.assessment.probe();
    expect(await drafts(3)).toEqual(expect.arrayContaining(['one', 'two', 'three']));
  });

  it('still sends requests when every instance failed its readiness, and says it is not ready', async () => {
    for (const instance of assessments) instance.ready = false;
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
    expect(await drafts(3)).toEqual(expect.arrayContaining(['one', 'two', 'three']));
    (assessments[0] as TestInstance).ready = true;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    for (const instance of assessments) instance.ready = true;
  });

  it('answers 502 for a POST an instance received and dropped unanswered, without sending it twice', async () => {
    await pools.assessment.probe();
    dropping.add('one');
    dropping.add('two');
    dropping.add('three');
    try {
      const before = servedCounts();
      const res = await draft(99);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        error: 'The assessment service is unavailable',
        code: 'BAD_GATEWAY',
      });
      const after = servedCounts();
      expect(after.reduce((a, b) => a + b) - before.reduce((a, b) => a + b)).toBe(1);
    } finally {
      dropping.clear();
    }
    await pools.assessment.probe();
  });

  it('sends a GET an instance dropped unanswered to the next one', async () => {
    dropping.add('flaky');
    try {
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${url}/api/advisers/demo-adviser`);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { instance: string }).instance).toBe('steady');
      }
      expect(advisers[0]?.served.length).toBeGreaterThan(0);
    } finally {
      dropping.clear();
    }
  });

  it('refuses a chunked body over the limit with 413, sending nothing on', async () => {
    const before = servedCounts();
    const big = new TextEncoder().encode(JSON.stringify({ text: 'x'.repeat(150 * 1024) }));
    const body = new ReadableStream({
      start(controller) {
        for (let at = 0; at < big.length; at += 16 * 1024) controller.enqueue(big.slice(at, at + 16 * 1024));
        controller.close();
      },
    });
    const res = await fetch(`${url}/api/assessments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
    expect(servedCounts()).toEqual(before);
  });

  it('streams the live analytics events as they are written, and closes the stream when the client leaves', async () => {
    const { token } = createSessionTokens(SECRET).issue({
      id: 'admin-1',
      role: 'admin',
      email: 'admin@example.com',
      name: 'Admin',
      adviserSlug: null,
      sessionVersion: 0,
    });
    // node:http rather than fetch: leaving closes this one connection, and opens no other.
    const req = get(`${url}/api/admin/analytics/stream`, {
      headers: { cookie: `${sessionCookie(PUBLIC_URL).name}=${token}` },
    });
    const res = await new Promise<IncomingMessage>((resolve) => req.once('response', resolve));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    res.setEncoding('utf8');
    const next = () => new Promise<string>((resolve) => res.once('data', resolve));
    expect(await next()).toBe('retry: 2000\n\n');
    const stream = streams.at(-1) as ServerResponse;
    const changed = next();
    stream.write('event: changed\ndata: {}\n\n');
    expect(await changed).toBe('event: changed\ndata: {}\n\n');
    req.destroy();
    await expect.poll(() => streamsClosed).toBe(1);
  });
});
