import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import {
  ADVISER_PAGE_ROUTE,
  type MessageDelivery,
  PAGE_ROUTES,
  RESERVED_SEGMENTS,
} from '@risk-profile/contracts';
import express, { type RequestHandler, type Router } from 'express';

/** A route parameter's shape where it is narrower than one path segment. */
const PARAM_SHAPES: Readonly<Record<string, string>> = {
  // The short link of an SMS.
  code: '[0-9A-Za-z]+',
};

/** A page route (`/admin/assessments/$id`) as a pattern of the paths it routes, with or without a trailing slash. */
function pagePattern(route: string): RegExp {
  const segments = route
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) =>
      segment.startsWith('$')
        ? (PARAM_SHAPES[segment.slice(1)] ?? '[^/]+')
        : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return segments.length === 0 ? /^\/$/ : new RegExp(`^/${segments.join('/')}/?$`);
}

/**
 * The front end's routes, from the one list of pages (PAGE_ROUTES in the contracts, which the
 * front end's route tree is held to). An adviser's page is decided by a lookup (below). Every
 * other path gets the page (which renders its not-found view) with a 404 status.
 */
const SPA_ROUTES: readonly RegExp[] = PAGE_ROUTES.filter((route) => route !== ADVISER_PAGE_ROUTE).map(
  pagePattern,
);

/** An adviser page: one segment that is not reserved. It is a route only if the adviser exists. */
const ADVISER_PAGE = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;
const RESERVED: ReadonlySet<string> = new Set(RESERVED_SEGMENTS);

export function isSpaRoute(path: string): boolean {
  return SPA_ROUTES.some((route) => route.test(path));
}

/** The slug when `path` has the shape of an adviser's page, else undefined. */
export function adviserPageSlug(path: string): string | undefined {
  const slug = ADVISER_PAGE.exec(path)?.[1];
  return slug === undefined || RESERVED.has(slug) ? undefined : slug;
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

/**
 * Whether the static file server would answer `path` with a source map. It decodes the path and
 * resolves its dot segments before it opens a file, so the decision is made on that path too
 * (`.js%2emap`, `.js.ma%70` and `.js.map/.` all open the `.map` file), case-folded for
 * file systems that ignore case. A path that does not decode is no file of ours: the server
 * answers it 400.
 */
function isSourceMapPath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  const resolved = posix.normalize(`/${decoded.replace(/\\/g, '/')}`).replace(/\/+$/, '');
  return resolved.toLowerCase().endsWith('.map');
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
    router.use((req, res, next) => (isSourceMapPath(req.path) ? missing(req, res, next) : next()));
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
