import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { yesBody } from '@risk-profile/assessment/testing';
import {
  ANALYST_CREDENTIALS_PATH,
  ENDPOINTS,
  type EndpointName,
  PLANNED_ENDPOINTS,
} from '@risk-profile/contracts';
import { silentLogger } from '@risk-profile/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded/start-embedded';

async function start(extra: Record<string, string> = {}): Promise<EmbeddedSystem & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-int-'));
  const system = await startEmbedded(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CONTACT_EMAIL: 'help@example.org',
      ...extra,
    },
    { logger: silentLogger() },
  );
  return { ...system, url: `http://127.0.0.1:${system.running.port}`, dataDir };
}

describe('gateway on the embedded start', () => {
  let system: EmbeddedSystem & { dataDir: string };
  beforeAll(async () => {
    system = await start();
  });
  afterAll(async () => {
    await system.stop();
    rmSync(system.dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: string, type = 'application/json') =>
    fetch(`${system.url}${path}`, { method: 'POST', headers: { 'content-type': type }, body });

  it('is live and ready', async () => {
    expect((await fetch(`${system.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${system.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
  });

  it('sets security headers and echoes a request id', async () => {
    const res = await fetch(`${system.url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("base-uri 'none'");
    // frame-ancestors 'none' is the one rule; X-Frame-Options: SAMEORIGIN would contradict it.
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it('serves no source maps unless configured', async () => {
    const html = await (await fetch(`${system.url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${system.url}${script}`)).status).toBe(200);
    expect((await fetch(`${system.url}${script}.map`)).status).toBe(404);
  });

  it('answers malformed JSON with 400 and a JSON error', async () => {
    const res = await post('/api/assessments', '{"clientName": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Malformed JSON body' });
  });

  it('refuses a body over the limit with 413 before any service sees it', async () => {
    const res = await post('/api/assessments', JSON.stringify({ clientName: 'x'.repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'Request body too large' });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await post('/api/assessments', 'clientName=x', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: string }).error).toMatch(/application\/json/);
  });

  it.each(['/api/unknown', '/api/assessments/x/y/z', '/api'])('answers %s with a JSON 404', async (path) => {
    const res = await fetch(`${system.url}${path}`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: unknown };
    expect(typeof body.error).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack/i);
  });

  it.each(['/api/advisers/%ff', '/api/assessments/%E0%A4%A/sign', '/%ff', '/assets/%ff.js'])(
    'answers a malformed percent-encoding in %s with 400',
    async (path) => {
      const res = await fetch(`${system.url}${path}`, { method: path.endsWith('/sign') ? 'POST' : 'GET' });
      expect(res.status).toBe(400);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    },
  );

  it('takes a write from the origin the product reports (localhost) when reached at 127.0.0.1', async () => {
    const login = await post(
      '/api/auth/login',
      JSON.stringify({ email: 'adviser@example.com', password: 'adviser-demo-2026' }),
    );
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const logout = (origin: string) =>
      fetch(`${system.url}/api/auth/logout`, { method: 'POST', headers: { cookie, origin } });
    // What startEmbedded reports as the product's url without PUBLIC_URL.
    const reported = `http://localhost:${system.running.port}`;
    expect((await logout('https://evil.example')).status).toBe(403);
    expect((await logout(`http://localhost:${system.running.port + 1}`)).status).toBe(403);
    expect((await logout(reported)).status).toBe(200);
  });

  it('answers a corrupt compressed body with 400', async () => {
    const res = await fetch(`${system.url}/api/assessments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: 'x',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it.each(['/assets/index-deadbeef.js', '/assets/old-chunk.css', '/assets/nested/missing.png'])(
    'answers a missing asset %s with a quiet 404',
    async (path) => {
      const res = await fetch(`${system.url}${path}`);
      expect(res.status).toBe(404);
    },
  );

  it('marks API answers as not to be stored by caches', async () => {
    const res = await fetch(`${system.url}/api/advisers/demo-adviser`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const refused = await post('/api/assessments', '{}');
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a draft naming an adviser that does not exist, and accepts the demo adviser', async () => {
    const body = JSON.stringify(yesBody({ adviserSlug: 'no-such-adviser-xyz' }));
    const unknown = await post('/api/assessments', body);
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ code: 'UNKNOWN_ADVISER' });
    expect((await post('/api/assessments', JSON.stringify(yesBody()))).status).toBe(201);
  });

  it('refuses admin endpoints by the contract’s access: 401 without a session, 403 for an adviser', async () => {
    const forged = await fetch(`${system.url}/api/admin/analytics/summary`, {
      headers: { 'x-user-role': 'admin', 'x-user-id': 'someone' },
    });
    expect(forged.status).toBe(401);
    const login = await post(
      '/api/auth/login',
      JSON.stringify({ email: 'adviser@example.com', password: 'adviser-demo-2026' }),
    );
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const adviser = await fetch(`${system.url}/api/admin/analytics/summary`, { headers: { cookie } });
    expect(adviser.status).toBe(403);
    expect(await adviser.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await fetch(`${system.url}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
  });

  it('routes to the adviser service', async () => {
    const res = await fetch(`${system.url}/api/advisers/demo-adviser`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      companyName: 'Harbour Wealth Partners',
      adviserName: 'Alex Morgan',
    });
  });

  it("never routes the services' internal adviser lookup, which carries the adviser's email", async () => {
    const res = await fetch(`${system.url}/internal/advisers/demo-adviser`);
    expect(await res.text()).not.toContain('adviser@example.com');
  });

  it('serves security.txt per RFC 9116', async () => {
    const res = await fetch(`${system.url}/.well-known/security.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('Contact: mailto:help@example.org');
    expect(text).toMatch(/^Expires: \d{4}-\d\d-\d\dT/m);
    expect(text).toContain('/security');
  });

  it('computes security.txt’s Expires on each request, 180 days ahead', async () => {
    const text = await (await fetch(`${system.url}/.well-known/security.txt`)).text();
    const expires = Date.parse(/^Expires: (.+)$/m.exec(text)?.[1] ?? '');
    const days = (expires - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179.9);
    expect(days).toBeLessThanOrEqual(180);
  });
});

describe('page status on the embedded start', () => {
  it('answers 200 for an existing adviser page and 404 for any other unknown path', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'gateway-dist-'));
    writeFileSync(join(dist, 'index.html'), '<script id="app-config" type="application/json">{}</script>');
    const system = await start({ FRONTEND_DIST: dist, DEMO_DATA: 'true' });
    try {
      for (const [path, status] of [
        ['/', 200],
        ['/privacy', 200],
        ['/demo-adviser', 200],
        ['/no-such-page-xyz', 404],
        ['/login', 200],
        ['/admin/login', 200],
        ['/admin/dashboard', 200],
      ] as const) {
        const res = await fetch(`${system.url}${path}`);
        expect([path, res.status]).toEqual([path, status]);
        await res.body?.cancel();
      }
    } finally {
      await system.stop();
      rmSync(system.dataDir, { recursive: true, force: true });
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('gateway rate limit', () => {
  it('answers 429 with a JSON error past the per-IP limit', async () => {
    const system = await start({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await fetch(`${system.url}/api/advisers/demo-adviser`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // A client cannot dodge it by claiming other addresses: no proxy is trusted by default.
      const forged = await fetch(`${system.url}/api/advisers/demo-adviser`, {
        headers: { 'x-forwarded-for': '198.51.100.23' },
      });
      expect(forged.status).toBe(429);
      const res = await fetch(`${system.url}/api/advisers/demo-adviser`);
      expect(await res.json()).toMatchObject({ error: 'Too many requests, please try again later' });
    } finally {
      await system.stop();
      rmSync(system.dataDir, { recursive: true, force: true });
    }
  });
});

describe('which endpoints are live', () => {
  let system: EmbeddedSystem & { dataDir: string };
  beforeAll(async () => {
    system = await start();
  });
  afterAll(async () => {
    await system.stop();
    rmSync(system.dataDir, { recursive: true, force: true });
  });

  /** "METHOD /path" of every route a service's express app serves. */
  const served = (service: string): Set<string> => {
    const module = system.modules.find((candidate) => candidate.name === service);
    if (!module) throw new Error(`no ${service} service in the embedded system`);
    const stack = (module.app as unknown as { router: { stack: RouteLayer[] } }).router.stack;
    return new Set(
      stack.flatMap((layer) =>
        layer.route
          ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`)
          : [],
      ),
    );
  };
  type RouteLayer = { route?: { path: string; methods: Record<string, boolean> } };

  it.each(Object.entries(ENDPOINTS))(
    '%s is served by its service exactly when it is not planned',
    (name, endpoint) => {
      const isServed = served(endpoint.service).has(`${endpoint.method} ${endpoint.path}`);
      expect(isServed).toBe(!PLANNED_ENDPOINTS.has(name as EndpointName));
    },
  );

  it('never routes the internal analyst credential check from outside', async () => {
    const res = await fetch(`${system.url}${ANALYST_CREDENTIALS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'password',
        email: 'analyst@example.com',
        password: 'analyst-demo-2026',
        ip: '1.2.3.4',
      }),
    });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('analyst@example.com');
  });

  it('answers a planned endpoint with a JSON 404 that says so', async () => {
    const planned = [...PLANNED_ENDPOINTS].map((name) => ENDPOINTS[name]).find((e) => e.method === 'GET');
    if (!planned) return;
    const res = await fetch(`${system.url}${planned.path}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'This feature is not available yet.', code: 'NOT_AVAILABLE' });
  });
});
