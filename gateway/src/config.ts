import { resolve } from 'node:path';
import {
  createSessionTokens,
  createSessionVerifier,
  env,
  type Logger,
  loadConfig,
  type SessionVerifier,
  sessionCookie,
} from '@risk-profile/platform';
import { z } from 'zod';
import type { GatewayOptions, Upstreams } from './gateway-app';

/** Gateway settings (docs/configuration.md lists every key). */
export const gatewayConfigSchema = z.object({
  /** Port the gateway listens on. */
  PORT: env.port(3000),
  /** Interface to bind; default all interfaces (IPv4 and IPv6). */
  HOST: z.string().optional(),
  /** Public address of the site, used in security.txt (defaults to http://localhost:PORT). */
  PUBLIC_URL: z.url().optional(),
  /** Contact address shown in the footer, the legal pages and security.txt. */
  CONTACT_EMAIL: z.email().default('support@example.com'),
  /** Largest accepted request body for /api calls. */
  BODY_LIMIT: z.string().default('100kb'),
  /** Requests per minute per client IP on /api (0 turns the limit off, for benchmarks only). */
  RATE_LIMIT_PER_MINUTE: env.int(600),
  /**
   * The analytics service's time limit of an analyst query, read here too so the gateway waits
   * for a /clickhouse answer longer than a query may run (docs/analyst-access.md, "Limits").
   */
  ANALYST_MAX_EXECUTION_SECONDS: env.int(30, 1),
  /** Proxies in front of the gateway (a load balancer) trusted for the client address. */
  TRUST_PROXY: env.trustProxy(),
  /** Folder of the built front end. */
  FRONTEND_DIST: z.string().optional(),
  /** HS256 key of session cookies, shared with the services, for the gateway's early access check. */
  SESSION_SECRET: env.sessionSecret(),
  /** Serve the front end's source maps (they contain the whole front-end source). */
  SERVE_SOURCE_MAPS: env.bool(false),
  /** Demo mode: shows demo credentials on the admin login page. */
  DEMO_DATA: env.bool(false),
  LOG_LEVEL: env.logLevel(),
  /**
   * Embedded mode: loopback port of the operations endpoint that `npm run backup` calls
   * (0: a free port, written with its token to DATA_DIR/ops.json at each start).
   */
  OPS_PORT: env.port(0),
  /**
   * Service addresses for the distributed mode (the gateway proxies to them): each a
   * comma-separated list of a service's instances, used in turn.
   */
  ASSESSMENT_URL: env.urlList('http://localhost:3001'),
  ADVISER_URL: env.urlList('http://localhost:3002'),
  NOTIFICATION_URL: env.urlList('http://localhost:3003'),
  ANALYTICS_URL: env.urlList('http://localhost:3004'),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, source);
}

/** Beyond the query's own limit: the time to compress and send its result. */
const CLICKHOUSE_TIMEOUT_MARGIN_SECONDS = 30;

/** The gateway's options from its configuration; only the upstreams differ between modes. */
export function gatewayOptions(
  config: GatewayConfig,
  upstreams: Upstreams,
  logger: Logger,
  sessions: SessionVerifier = tokenOnlyVerifier(config),
): GatewayOptions {
  return {
    sessions,
    upstreams,
    logger,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    publicConfig: { contactEmail: config.CONTACT_EMAIL, demoMode: config.DEMO_DATA },
    frontendDist: resolve(config.FRONTEND_DIST ?? 'frontend/dist'),
    serveSourceMaps: config.SERVE_SOURCE_MAPS,
    bodyLimit: config.BODY_LIMIT,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    clickhouseTimeoutMs: (config.ANALYST_MAX_EXECUTION_SECONDS + CLICKHOUSE_TIMEOUT_MARGIN_SECONDS) * 1_000,
    trustProxy: config.TRUST_PROXY,
  };
}

/**
 * The distributed gateway has no database: it checks that a cookie holds a valid, unexpired token
 * for the right role, and leaves revocation to the service, which checks again.
 */
function tokenOnlyVerifier(config: GatewayConfig): SessionVerifier {
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  return createSessionVerifier({
    tokens: createSessionTokens(config.SESSION_SECRET),
    cookie: sessionCookie(publicUrl),
  });
}
