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
