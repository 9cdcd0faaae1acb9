import { join } from 'node:path';
import type { Logger } from '@risk-profile/platform';
import type { AnalyticsConfig } from '../config';
import type { AnalyticsStore } from '../store/analytics-store.port';
import { ClickHouseAnalyticsStore } from '../store/clickhouse-analytics-store.adapter';
import { type AnalystEngine, HttpAnalystEngine } from './analyst-engine';
import { AnalystProcess } from './analyst-process';

/**
 * Where analyst queries run (docs/analyst-access.md, "Where analysts' queries run"): never in
 * this process. With CLICKHOUSE_URL, the ClickHouse server as its read-only analyst user;
 * embedded, the analysts' engine process on a replica of the store. Undefined (no /clickhouse)
 * for a store that is neither (a test's stand-in) or when no worker bundle is at hand.
 */
export async function openAnalystEngine(
  config: AnalyticsConfig,
  store: AnalyticsStore,
  options: { logger: Logger; worker?: URL },
): Promise<(AnalystEngine & { refreshed?: () => Promise<void> }) | undefined> {
  const limits = {
    maxExecutionSeconds: config.ANALYST_MAX_EXECUTION_SECONDS,
    maxResultRows: config.ANALYST_MAX_RESULT_ROWS,
    maxResultBytes: config.ANALYST_MAX_RESULT_BYTES,
    maxMemoryBytes: config.ANALYST_MAX_MEMORY_BYTES,
    maxThreads: config.ANALYST_MAX_THREADS,
  };
  const concurrency = config.ANALYST_MAX_CONCURRENT_QUERIES;
  const common = { database: store.database, concurrency, maxExecutionSeconds: limits.maxExecutionSeconds };
  if (config.CLICKHOUSE_URL) {
    const endpoint = {
      url: config.CLICKHOUSE_URL,
      user: config.CLICKHOUSE_ANALYST_USER,
      password: config.CLICKHOUSE_ANALYST_PASSWORD,
    };
    return new HttpAnalystEngine({
      ...common,
      endpoint: () => endpoint,
      description: `ClickHouse server (${store.database}, as ${endpoint.user})`,
    });
  }
  const storePath = store instanceof ClickHouseAnalyticsStore ? store.embeddedPath : undefined;
  if (!storePath) return undefined;
  if (!options.worker) {
    options.logger.warn(
      'no analysts’ engine bundle (analyst-worker.mjs) beside the entry: /clickhouse is off',
    );
    return undefined;
  }
  const path = join(config.DATA_DIR, 'clickhouse-analysts');
  const worker = await AnalystProcess.start({
    script: options.worker,
    store: store as ClickHouseAnalyticsStore,
    storePath,
    refreshMs: config.ANALYST_REPLICA_REFRESH_MS,
    logger: options.logger,
    settings: {
      path,
      database: store.database,
      limits,
      concurrency,
      serverMemoryBytes: config.ANALYST_ENGINE_MAX_MEMORY_BYTES,
    },
  });
  const engine = new HttpAnalystEngine({
    ...common,
    endpoint: () => worker.endpoint(),
    description: `the analysts’ engine process (chDB, a replica refreshed every ${config.ANALYST_REPLICA_REFRESH_MS} ms)`,
    close: () => worker.stop(),
  });
  return Object.assign(engine, { refreshed: () => worker.refreshed() });
}
