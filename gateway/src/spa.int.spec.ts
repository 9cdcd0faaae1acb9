import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, type Running, serve, silentLogger } from '@risk-profile/platform';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from './gateway-app';
import { servicePools } from './upstreams';

const dist = mkdtempSync(join(tmpdir(), 'spa-int-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><script id="app-config" type="application/json">{}</script>',
);
writeFileSync(
  join(dist, 'assets', 'app-abc123.js'),
  'console.log(1)\n//# sourceMappingURL=app-abc123.js.map',
);
writeFileSync(join(dist, 'assets', 'app-abc123.js.map'), '{"sourcesContent":["secret source"]}');

/** The adviser service's public lookup, as the distributed gateway reaches it over HTTP. */
async function adviserOrigin(): Promise<Running> {
  const app = express();
  app.get('/api/advisers/:slug', (req, res) => {
    if (req.params.slug === 'demo-adviser') res.json({ slug: 'demo-adviser' });
    else res.status(404).json({ error: 'Adviser not found' });
  });
  return serve(app, { port: 0, host: '127.0.0.1', logger: silentLogger() });
}

async function gateway(sourceMaps: boolean, lines: string[], adviserUrl: string): Promise<Running> {
  const url = [adviserUrl];
  const app = createGatewayApp({
    // One address each: nothing is probed in the background, so nothing is left to close.
    upstreams: {
      kind: 'proxy',
      pools: servicePools({ assessment: url, adviser: url, notification: url, analytics: url }),
    },
    logger: createLogger('gateway', 'info', { write: (line: string) => void lines.push(line) }),
    publicUrl: 'https://example.org',
    publicConfig: { contactEmail: 'help@example.org', demoMode: false },
    frontendDist: dist,
    bodyLimit: '100kb',
    rateLimitPerMinute: 0,
    serveSourceMaps: sourceMaps,
    trustProxy: false,
  });
  return serve(app, { port: 0, host: '127.0.0.1', logger: silentLogger() });
}

describe('the built front end', () => {
  let plain: Running;
  let withMaps: Running;
  let advisers: Running;
  const lines: string[] = [];
  const at = (r: Running, path: string) => fetch(`http://127.0.0.1:${r.port}${path}`);
  beforeAll(async () => {
    advisers = await adviserOrigin();
    const adviserUrl = `http://127.0.0.1:${advisers.port}`;
    plain = await gateway(false, lines, adviserUrl);
    withMaps = await gateway(true, lines, adviserUrl);
  });
  afterAll(async () => {
    await plain.stop();
    await withMaps.stop();
    await advisers.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets for a year', async () => {
    const res = await at(plain, '/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it.each(['/assets/old-chunk-zzz.js', '/assets/nested/missing.css'])(
    'answers a missing asset (%s) with a quiet 404',
    async (path) => {
      const res = await at(plain, path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toMatch(/stack|at .*\.js/i);
      expect(lines.join('\n')).not.toMatch(/"level":50|stack/);
    },
  );

  it('does not serve source maps unless configured', async () => {
    expect((await at(plain, '/assets/app-abc123.js.map')).status).toBe(404);
    const served = await at(withMaps, '/assets/app-abc123.js.map');
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('secret source');
  });

  /** GET with the path sent as written: fetch would resolve its dot segments first. */
  const raw = (r: Running, path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      request({ host: '127.0.0.1', port: r.port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
        .on('error', reject)
        .end();
    });

  it.each([
    '/assets/app-abc123.js%2emap',
    '/assets/app-abc123.js%2Emap',
    '/assets/app-abc123.js.ma%70',
    '/assets/app-abc123%2ejs%2e%6d%61%70',
    '/assets/app-abc123.js.map/.',
    '/assets/app-abc123.js.map%2f.',
    '/assets/app-abc123.js.map/x/..',
    '/assets/app-abc123.js.MAP',
    '/assets%2fapp-abc123.js%2emap',
    '/assets/app-abc123.js%2emap?x=1',
  ])('decides on the decoded, normalised path: %s is no source map either', async (path) => {
    const res = await raw(plain, path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toContain('secret source');
  });

  it.each([
    ['/', 200],
    ['/privacy', 200],
    ['/demo-adviser', 200],
    ['/no-such-page-xyz', 404],
    ['/login', 200],
    ['/admin/login', 200],
    ['/admin/dashboard', 200],
    ['/admin', 404],
    ['/register', 404],
  ])(
    'answers %s with status %i, always with the page (it renders its not-found view)',
    async (path, status) => {
      const res = await at(plain, path);
      expect(res.status).toBe(status);
      expect(await res.text()).toContain('app-config');
    },
  );
});
