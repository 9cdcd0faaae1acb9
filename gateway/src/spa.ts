import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler, type Router } from 'express';

/** The front end's routes (docs/product-rules.md); other paths get the page with a 404 status. */
const SPA_ROUTES: readonly RegExp[] = [
  /^\/$/,
  /^\/privacy\/?$/,
  /^\/security\/?$/,
  /^\/login\/?$/,
  /^\/admin\/login\/?$/,
  /^\/admin\/dashboard\/?$/,
  /^\/assessment\/[^/]+\/(completed|declined)\/?$/,
  // An adviser page: one segment that is not reserved (RESERVED_SEGMENTS).
  /^\/(?!(admin|register|login|privacy|security|assessment|api)\/?$)[A-Za-z0-9-]+\/?$/,
];

export function isSpaRoute(path: string): boolean {
  return SPA_ROUTES.some((route) => route.test(path));
}

export interface PublicConfig {
  contactEmail: string;
  demoMode: boolean;
}

const CONFIG_TAG = /<script id="app-config" type="application\/json">[\s\S]*?<\/script>/;

/** JSON inside a script element must not be able to close it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * Serves the built front end: hashed assets cached for a year, index.html never cached and
 * carrying the public configuration, SPA fallback for the routes above.
 */
export function spa(
  distDir: string,
  config: PublicConfig,
  options: { serveSourceMaps?: boolean } = {},
): Router {
  const router = express.Router();
  // Source maps hold the whole front-end source: served only where someone asked for them.
  if (!options.serveSourceMaps) {
    router.use((req, res, next) => {
      if (!req.path.endsWith('.map')) return next();
      res.status(404).type('text/plain').send('Not found');
    });
  }
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    router.use((req, res, next) => {
      if (req.method !== 'GET' || req.path.startsWith('/api/')) return next();
      res
        .status(503)
        .type('text/plain')
        .send('The front end is not built yet. Run `npm run build` (npm start does it for you).');
    });
    return router;
  }
  const template = readFileSync(indexPath, 'utf8');
  const html = template.replace(
    CONFIG_TAG,
    `<script id="app-config" type="application/json">${scriptSafeJson(config)}</script>`,
  );
  router.use(
    '/assets',
    express.static(join(distDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  const page: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/')) return next();
    res
      .status(isSpaRoute(req.path) ? 200 : 404)
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(html);
  };
  router.use(page);
  return router;
}
