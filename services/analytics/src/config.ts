import { env } from '@risk-profile/platform';
import { z } from 'zod';

/**
 * The analytics service's keys (docs/configuration.md). Without CLICKHOUSE_URL the store is chDB
 * in this process, with its data in DATA_DIR/clickhouse.
 */
export const analyticsConfigSchema = z.object({
  DATA_DIR: z.string().default('./data'),
  /** A ClickHouse server (http(s)://host:8123), 24.8 or newer; absent: embedded chDB. */
  CLICKHOUSE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  CLICKHOUSE_USER: z.string().default('default'),
  CLICKHOUSE_PASSWORD: z.string().default(''),
  /** Database holding the analytics tables (created at start if missing). */
  CLICKHOUSE_DATABASE: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'must be a plain identifier')
    .default('analytics'),
  /**
   * Longest wait before buffered events are written to ClickHouse (ms). A batch is written sooner
   * when it reaches ANALYTICS_BATCH_MAX_EVENTS. At most 500 ms so the dashboard stays live.
   */
  ANALYTICS_FLUSH_INTERVAL_MS: env.int(200, 1).pipe(z.number().max(500)),
  ANALYTICS_BATCH_MAX_EVENTS: env.int(5_000, 1),
  /**
   * The adviser service (distributed mode), which checks the credentials sent to /clickhouse: a
   * comma-separated list of its instances, used in turn.
   */
  ADVISER_URL: env.urlList('http://localhost:3002'),
  /** With CLICKHOUSE_URL: the read-only user analyst queries run as (deploy/clickhouse/users.d/analyst.xml). */
  CLICKHOUSE_ANALYST_USER: z.string().default('analyst'),
  CLICKHOUSE_ANALYST_PASSWORD: z.string().default(''),
  /** An analyst query's limits (docs/analyst-access.md, "Limits"). */
  ANALYST_MAX_EXECUTION_SECONDS: env.int(30, 1),
  ANALYST_MAX_RESULT_ROWS: env.int(1_000_000, 1),
  ANALYST_MAX_RESULT_BYTES: env.int(100_000_000, 1),
  ANALYST_MAX_MEMORY_BYTES: env.int(1_000_000_000, 1),
  ANALYST_MAX_THREADS: env.int(2, 1),
  /** Analyst queries at once, over all analysts (each analyst: at most 2). */
  ANALYST_MAX_CONCURRENT_QUERIES: env.int(4, 1),
  /** Embedded: how often the analysts' replica takes the store's new parts (ms). */
  ANALYST_REPLICA_REFRESH_MS: env.int(5_000, 200),
  /** Embedded: the analysts' engine process's memory ceiling (ClickHouse's max_server_memory_usage). */
  ANALYST_ENGINE_MAX_MEMORY_BYTES: env.int(5_000_000_000, 100_000_000),
  /** How long a checked credential is trusted without asking again (a revoked one works this long at most). */
  ANALYST_CREDENTIAL_CACHE_SECONDS: env.int(60, 0),
  /** Failed /clickhouse sign-ins per client address per 15 minutes (0: no limit). */
  ANALYST_FAILED_SIGN_IN_LIMIT: env.int(20, 0),
  /** Proxies trusted for the client address: "1" behind the gateway, so failed sign-ins are limited per client. */
  TRUST_PROXY: env.trustProxy(),
});

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

/**
 * The analytics process of the distributed mode also checks the sessions of its admin endpoints
 * itself, on the session state the adviser service keeps: the same keys as the gateway's.
 */
export const analyticsProcessConfigSchema = analyticsConfigSchema.extend({
  SESSION_SECRET: env.sessionSecret(),
  PUBLIC_URL: z.url().optional(),
});
