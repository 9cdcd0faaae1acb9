import { createServer } from 'node:net';
import { createAssessmentService, loadAssessmentConfig } from '@risk-profile/assessment';
import { knownAdvisers, TEST_DATA_ENCRYPTION_KEY, yesBody } from '@risk-profile/assessment/testing';
import {
  openSessions,
  PgliteSqlClient,
  type Running,
  type SqlClient,
  serve,
  silentLogger,
} from '@risk-profile/platform';
import { type ServiceUnderTest, startServiceUnderTest } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from './gateway-app';
import { closePools, type ServicePools, servicePools } from './upstreams';

/** A port nothing listens on: the "down" services. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('gateway in the distributed mode (proxying over HTTP)', () => {
  let sql: SqlClient;
  let assessment: ServiceUnderTest;
  let gateway: Running;
  let pools: ServicePools;
  let url: string;
  let now = new Date('2026-01-01T00:00:00Z');

  beforeAll(async () => {
    sql = await PgliteSqlClient.open();
    // Behind the gateway a service trusts exactly one proxy hop: the gateway itself.
    const config = loadAssessmentConfig({ TRUST_PROXY: '1', DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY });
    assessment = await startServiceUnderTest(sql, async (deps) => {
      const sessions = await openSessions(deps.sql, {
        secret: 'gateway-proxy-test-session-secret-0123456789',
        publicUrl: 'http://localhost',
      });
      return createAssessmentService(deps, config, {
        advisers: knownAdvisers('demo-adviser'),
        sessions: sessions.verifier,
      });
    });
    const down = `http://127.0.0.1:${await closedPort()}`;
    pools = servicePools({
      assessment: [assessment.url],
      adviser: [down],
      notification: [down],
      analytics: [down],
    });
    const app = createGatewayApp({
      upstreams: { kind: 'proxy', pools },
      logger: silentLogger(),
      publicUrl: 'http://localhost',
      publicConfig: { contactEmail: 'support@example.com', demoMode: false },
      frontendDist: '/nonexistent',
      bodyLimit: '100kb',
      rateLimitPerMinute: 0,
      trustProxy: 'loopback',
      clock: () => now,
    });
    gateway = await serve(app, { port: 0, host: '127.0.0.1', logger: silentLogger() });
    url = `http://127.0.0.1:${gateway.port}`;
  });

  afterAll(async () => {
    await gateway?.stop();
    if (pools) closePools(pools);
    await assessment?.stop();
    await sql?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('drafts and signs through the proxy, recording the client address and not a forged one', async () => {
    const draft = await post('/api/assessments', yesBody());
    expect(draft.status).toBe(201);
    const { id } = (await draft.json()) as { id: string };
    const signed = await post(
      `/api/assessments/${id}/sign`,
      { investmentExclusions: '', investmentPreferences: '', confirmed: true },
      { 'x-forwarded-for': '198.51.100.66', 'user-agent': 'proxy-test' },
    );
    expect(signed.status).toBe(200);
    const body = (await signed.json()) as { signature: { ipAddress: string; userAgent: string } };
    expect(body.signature.ipAddress).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(body.signature.userAgent).toBe('proxy-test');
  });

  it('passes the service’s JSON errors through unchanged', async () => {
    const res = await post('/api/assessments/not-a-uuid/sign', {
      investmentExclusions: '',
      investmentPreferences: '',
      confirmed: true,
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('Assessment not found.');
  });

  it('answers 502 with a JSON error when a service is down', async () => {
    const res = await fetch(`${url}/api/advisers/demo-adviser`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'The adviser service is unavailable', code: 'BAD_GATEWAY' });
  });

  it('computes security.txt’s Expires from the time of each request', async () => {
    const expires = async () =>
      /^Expires: (.+)$/m.exec(await (await fetch(`${url}/.well-known/security.txt`)).text())?.[1];
    expect(await expires()).toBe('2026-06-30T00:00:00Z');
    now = new Date('2026-09-01T00:00:00Z');
    expect(await expires()).toBe('2027-02-28T00:00:00Z');
  });

  it('reports not ready while a service is down', async () => {
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
  });
});
