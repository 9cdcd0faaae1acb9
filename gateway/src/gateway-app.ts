import { CLICKHOUSE_BODY_LIMIT, CLICKHOUSE_HTTP_PATH } from '@risk-profile/contracts';
import { buildOpenApiDocument } from '@risk-profile/contracts/openapi';
import {
  accessDecision,
  accessRefusal,
  errorHandler,
  HttpError,
  type HttpUpstream,
  httpError,
  inProcessOrigin,
  type Logger,
  noStore,
  notFound,
  perAddressLimit,
  readinessEndpoint,
  rejectMalformedPath,
  requestContext,
  type ServiceModule,
  type SessionVerifier,
  sameOriginWrites,
  singleOrigin,
  type TrustProxy,
} from '@risk-profile/platform';
import bytes from 'bytes';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { proxyAgents, proxyTo } from './proxy';
import { routeFor, type ServiceName, stripIdentityHeaders } from './routing';
import { securityTxt } from './security-txt';
import { type PublicConfig, type SpaOptions, spa } from './spa';
import type { ServicePools } from './upstreams';

export type Upstreams =
  /** Embedded: the services' express apps are mounted directly (no extra hop). */
  | { kind: 'embedded'; modules: readonly ServiceModule[] }
  /**
   * Distributed: each service is one or more HTTP origins, used in turn; the gateway proxies over
   * keep-alive, and sends a request that an instance could not take to the next.
   */
  | { kind: 'proxy'; pools: ServicePools };

export interface GatewayOptions {
  upstreams: Upstreams;
  logger: Logger;
  publicUrl: string;
  publicConfig: PublicConfig;
  frontendDist: string;
  /** Serve the front end's source maps (*.map); off in production, where they would publish the source. */
  serveSourceMaps?: boolean;
  bodyLimit: string;
  rateLimitPerMinute: number;
  /**
   * How long a /clickhouse answer may keep its connection silent (distributed mode): longer than
   * an analyst query may run (default 60 s).
   */
  clickhouseTimeoutMs?: number;
  trustProxy: TrustProxy;
  /**
   * Checks session cookies so requests without the access their contract requires are refused
   * here, before a service is reached (the services check again). Without one nobody can be
   * signed in, so every endpoint that needs a session answers 401.
   */
  sessions?: SessionVerifier;
  clock?: () => Date;
  /** Where messages go, asked per page view (the distributed gateway asks the notification service). */
  messageDelivery?: SpaOptions['delivery'];
}

export function createGatewayApp(options: GatewayOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy);
  app.use(securityHeaders());
  app.use(requestContext(options.logger));
  app.use(rejectMalformedPath);
  const limiter = rateLimiter(options);
  // ClickHouse's HTTP interface: before compression (it compresses as the client asks, as
  // ClickHouse does) and before any body parsing (its bodies are SQL, possibly compressed).
  app.use(clickHouseRoute(options, limiter));
  // gzip for pages, scripts and JSON; small bodies (under 1 KB) are not worth it.
  app.use(compression({ threshold: 1024 }));

  const ready = readiness(options.upstreams);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  app.get('/readyz', readinessEndpoint('gateway', options.logger, ready));
  const clock = options.clock ?? (() => new Date());
  app.get('/.well-known/security.txt', (_req, res) => {
    // Expires moves with every request, so a gateway that runs for months never serves a stale one.
    const txt = securityTxt({
      contactEmail: options.publicConfig.contactEmail,
      publicUrl: options.publicUrl,
      now: clock(),
    });
    res.type('text/plain').send(txt);
  });

  app.use('/api', noStore, sameOriginWrites(options.publicUrl), apiGuards(options, limiter));
  app.get('/api/openapi.json', openApiDocument());
  app.use(route(options));
  app.use('/api', notFound);
  app.use(
    spa(options.frontendDist, options.publicConfig, {
      sourceMaps: options.serveSourceMaps ?? false,
      adviserExists: adviserLookup(options.upstreams),
      delivery: options.messageDelivery,
    }),
  );
  app.use(notFound);
  app.use(errorHandler(options.logger));
  return app;
}

function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix primitives position popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // CSP frame-ancestors 'none' says it; the older header would say SAMEORIGIN and contradict it.
    xFrameOptions: false,
  });
}

/**
 * The API's OpenAPI document, for integrators: built from the contracts on first request and
 * kept, since the contracts cannot change while the process runs.
 */
function openApiDocument(): RequestHandler {
  let json: string | undefined;
  return (_req, res) => {
    json ??= JSON.stringify(buildOpenApiDocument());
    res.type('application/json').send(json);
  };
}

const bodyLimitBytes = (options: GatewayOptions) => bytes.parse(options.bodyLimit) ?? 100 * 1024;

/** Requests per minute per client IP, one count over /api and /clickhouse; none when configured off. */
function rateLimiter(options: GatewayOptions): RequestHandler | undefined {
  if (options.rateLimitPerMinute <= 0) return undefined;
  return perAddressLimit({ limit: options.rateLimitPerMinute, windowMs: 60_000 });
}

/** Rate limit per client IP, and refuse oversized bodies before they reach a service. */
function apiGuards(options: GatewayOptions, limiter: RequestHandler | undefined): express.Router {
  const router = express.Router();
  const limit = bodyLimitBytes(options);
  router.use((req, _res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > limit) return next(httpError.payloadTooLarge());
    next();
  });
  if (limiter) router.use(limiter);
  return router;
}

const isClickHousePath = (path: string) =>
  path === CLICKHOUSE_HTTP_PATH || path.startsWith(`${CLICKHOUSE_HTTP_PATH}/`);
/** ClickHouse's clients read with GET (ping, queries) and send queries with POST. */
const CLICKHOUSE_METHODS = new Set(['GET', 'HEAD', 'POST']);

/**
 * /clickhouse and below, to the analytics service: its app in the embedded mode (the request
 * untouched, its body unread), else its instances over HTTP. The request body is passed on as
 * sent (compressed or not; at most the interface's own limit) and the answer streams back as the
 * service sends it. The service checks credentials itself (basic auth, X-ClickHouse-User/Key,
 * API tokens, the session cookie), so the gateway keeps those headers.
 */
function clickHouseRoute(options: GatewayOptions, limiter: RequestHandler | undefined): RequestHandler {
  const { upstreams } = options;
  const service: RequestHandler | undefined =
    upstreams.kind === 'embedded'
      ? upstreams.modules.find((module) => module.name === 'analytics')?.app
      : proxyTo({
          name: 'analytics',
          pool: upstreams.pools.analytics,
          agents: proxyAgents(),
          bodyLimit: CLICKHOUSE_BODY_LIMIT,
          logger: options.logger,
          timeoutMs: options.clickhouseTimeoutMs ?? 60_000,
        });
  const forward: RequestHandler = (req, res, next) => {
    stripIdentityHeaders(req.headers);
    noStore(req, res, (error?: unknown) => (error ? next(error) : service!(req, res, next)));
  };
  return (req, res, next) => {
    if (!service || !isClickHousePath(req.path) || !CLICKHOUSE_METHODS.has(req.method)) return next();
    if (!limiter) return forward(req, res, next);
    limiter(req, res, (error?: unknown) => (error ? next(error) : forward(req, res, next)));
  };
}

function route(options: GatewayOptions): RequestHandler {
  const { upstreams, sessions } = options;
  const handlers = new Map<ServiceName, RequestHandler>();
  if (upstreams.kind === 'embedded') {
    for (const module of upstreams.modules) handlers.set(module.name, module.app);
  } else {
    const agents = proxyAgents();
    for (const [name, pool] of Object.entries(upstreams.pools) as [
      ServiceName,
      ServicePools[ServiceName],
    ][]) {
      handlers.set(
        name,
        proxyTo({ name, pool, agents, bodyLimit: bodyLimitBytes(options), logger: options.logger }),
      );
    }
  }
  return async (req, res, next) => {
    if (!req.path.startsWith('/api/')) return next();
    const decision = routeFor(req.method, req.path);
    if (decision.kind === 'none') return next();
    if (decision.kind === 'planned') {
      return next(new HttpError(404, 'This feature is not available yet.', 'NOT_AVAILABLE'));
    }
    stripIdentityHeaders(req.headers);
    const { endpoint } = decision.match;
    if (endpoint.access !== 'public') {
      try {
        const user = sessions ? await sessions.authenticate(req) : null;
        const refusal = accessRefusal(accessDecision(user, endpoint.access));
        if (refusal) return next(refusal);
      } catch (error) {
        return next(error);
      }
    }
    const handler = handlers.get(endpoint.service);
    if (!handler) return next();
    handler(req, res, next);
  };
}

/**
 * Whether an adviser's page exists, asked of the adviser service's public endpoint: over HTTP in
 * the distributed mode (its instances in turn); in the embedded mode through the mounted app on a
 * loopback port opened on first use (unref'd, so it never keeps the process alive).
 */
function adviserLookup(upstreams: Upstreams): ((slug: string) => Promise<boolean>) | undefined {
  const adviser =
    upstreams.kind === 'embedded' ? upstreams.modules.find((m) => m.name === 'adviser') : undefined;
  const service: HttpUpstream | undefined =
    upstreams.kind === 'proxy'
      ? upstreams.pools.adviser
      : adviser
        ? singleOrigin(inProcessOrigin(adviser.app))
        : undefined;
  if (!service) return undefined;
  return async (slug) => {
    const res = await service.get(`/api/advisers/${encodeURIComponent(slug)}`, { timeoutMs: 2_000 });
    await res.body?.cancel();
    if (res.status === 404) return false;
    if (!res.ok) throw new Error(`adviser lookup answered ${res.status}`);
    return true;
  };
}

function readiness(upstreams: Upstreams): () => Promise<boolean> {
  if (upstreams.kind === 'embedded') {
    return async () =>
      (await Promise.all(upstreams.modules.map((m) => m.ready().catch(() => false)))).every(Boolean);
  }
  // Ready while every service has an instance that is: the others are passed over.
  return async () =>
    (await Promise.all(Object.values(upstreams.pools).map((pool) => pool.probe()))).every(Boolean);
}
