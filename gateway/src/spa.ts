import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MessageDelivery } from '@risk-profile/contracts';
import express, { type RequestHandler, type Router } from 'express';

/**
 * The front end's routes: the one list to extend when the page registers a new one. Every other
 * path gets the page (which renders its not-found view) with a 404 status.
 */
const SPA_ROUTES: readonly RegExp[] = [
  /^\/$/,
  /^\/privacy\/?$/,
  /^\/security\/?$/,
  /^\/login\/?$/,
  /^\/admin\/login\/?$/,
  /^\/admin\/dashboard\/?$/,
  /^\/admin\/(assessments|access-log)\/?$/,
  /^\/admin\/assessments\/[^/]+\/?$/,
  /^\/adviser(\/links)?\/?$/,
  /^\/adviser\/assessments\/[^/]+\/?$/,
  /^\/admin\/advisers\/?$/,
  /^\/set-password\/?$/,
  /^\/assessment\/[^/]+\/(completed|declined)\/?$/,
  // The short link of an SMS; the page asks the adviser service where it leads.
  /^\/l\/[0-9A-Za-z]+\/?$/,
];

/** An adviser page: one segment that is not reserved. It is a route only if the adviser exists. */
const ADVISER_PAGE =
  /^\/(?!(admin|register|login|privacy|security|assessment|api|set-password)\/?$)([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;

export function isSpaRoute(path: string): boolean {
  return SPA_ROUTES.some((route) => route.test(path));
}

/** The slug when `path` has the shape of an adviser's page, else undefined. */
export function adviserPageSlug(path: string): string | undefined {
  return ADVISER_PAGE.exec(path)?.[2];
}

/** How long an adviser lookup is remembered: a new adviser's page answers 200 within this time. */
export const ADVISER_LOOKUP_TTL_MS = 30_000;
const MAX_CACHED_LOOKUPS = 10_000;

/** Remembers lookups briefly, so a page view does not cost a call to the adviser service. */
export function cachedLookup(
  lookup: (slug: string) => Promise<boolean>,
  now: () => number = Date.now,
): (slug: string) => Promise<boolean> {
  const cache = new Map<string, { exists: boolean; at: number }>();
  return async (slug) => {
    const hit = cache.get(slug);
    if (hit && now() - hit.at < ADVISER_LOOKUP_TTL_MS) return hit.exists;
    const exists = await lookup(slug);
    // Random paths must not grow the cache without bound.
    if (cache.size >= MAX_CACHED_LOOKUPS) cache.clear();
    cache.set(slug, { exists, at: now() });
    return exists;
  };
}

export interface SpaOptions {
  /** Serve the build's `.map` files (they hold the full source); off in production by default. */
  sourceMaps: boolean;
  /** Whether an adviser with this slug exists; without it no one-segment path is a page. */
  adviserExists?: (slug: string) => Promise<boolean>;
  /**
   * Where messages go, asked when a page is served (the distributed gateway asks the
   * notification service); it replaces the configuration's own `delivery`.
   */
  delivery?: () => Promise<MessageDelivery | undefined>;
}

export interface PublicConfig {
  contactEmail: string;
  demoMode: boolean;
  /**
   * Where messages go, for the pages' words: known to the embedded gateway; the distributed one
   * asks the notification service (SpaOptions.delivery).
   */
  delivery?: MessageDelivery;
}

/** The page for the delivery asked now, rendered again only when the answer changes. */
function pagesByDelivery(
  config: PublicConfig,
  render: (config: PublicConfig) => string,
  delivery: () => Promise<MessageDelivery | undefined>,
): () => Promise<string> {
  let last: { key: string; html: string } | undefined;
  return async () => {
    const current = await delivery().catch(() => undefined);
    const key = JSON.stringify(current ?? null);
    if (last?.key !== key) last = { key, html: render({ ...config, delivery: current }) };
    return last.html;
  };
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
  options: SpaOptions = { sourceMaps: false },
): Router {
  const router = express.Router();
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
  const render = (publicConfig: PublicConfig) =>
    template.replace(
      CONFIG_TAG,
      `<script id="app-config" type="application/json">${scriptSafeJson(publicConfig)}</script>`,
    );
  const fixed = render(config);
  const html = options.delivery ? pagesByDelivery(config, render, options.delivery) : async () => fixed;
  const missing: RequestHandler = (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  };
  if (!options.sourceMaps)
    router.use((req, res, next) => (req.path.endsWith('.map') ? missing(req, res, next) : next()));
  router.use(
    '/assets',
    express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false }),
    // An old hashed chunk asked for after a deploy is normal: a quiet 404, not an error.
    missing,
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  const adviserExists = options.adviserExists ? cachedLookup(options.adviserExists) : async () => false;
  const isPage = async (path: string): Promise<boolean> => {
    if (isSpaRoute(path)) return true;
    const slug = adviserPageSlug(path);
    return slug !== undefined && (await adviserExists(slug).catch(() => false));
  };
  const page: RequestHandler = async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/')) return next();
    res
      .status((await isPage(req.path)) ? 200 : 404)
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(await html());
  };
  router.use(page);
  return router;
}
