import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PgliteSqlClient, type SessionVerifier, type SqlClient } from '@risk-profile/platform';
import { type ServiceUnderTest, startServiceUnderTest } from '@risk-profile/platform/testing';
import type { AnalystAuthenticator } from '../clickhouse-http/analyst-authenticator';
import type { AnalyticsConfig } from '../config';
import { createAnalyticsService } from '../index';
import { ClickHouseAnalyticsStore } from '../store/clickhouse-analytics-store.adapter';
import { bundleAnalystWorker } from './analyst-worker-bundle';
import { TestSessionVerifier } from './test-session-verifier';

/** The analytics service with /clickhouse, as the suites of clickhouse-http/ run it. */
export interface ClickHouseHttpHarness {
  server: ServiceUnderTest;
  store: ClickHouseAnalyticsStore;
  sql: SqlClient;
  stop(): Promise<void>;
}

/**
 * The analytics service on PGlite and its own store (chDB in `config.DATA_DIR`, or the server
 * `config.CLICKHOUSE_URL` names), with the analysts' engine bundled from the sources. `stop()`
 * closes all of it and removes the data directory.
 */
export async function startClickHouseHttp(options: {
  config: AnalyticsConfig;
  authenticator: AnalystAuthenticator;
  sessions?: SessionVerifier;
}): Promise<ClickHouseHttpHarness> {
  const { config } = options;
  const worker = await bundleAnalystWorker();
  const sql = await PgliteSqlClient.open();
  const store = config.CLICKHOUSE_URL
    ? await ClickHouseAnalyticsStore.openServer({
        url: config.CLICKHOUSE_URL,
        username: config.CLICKHOUSE_USER,
        password: config.CLICKHOUSE_PASSWORD,
        database: config.CLICKHOUSE_DATABASE,
      })
    : await ClickHouseAnalyticsStore.openEmbedded(join(config.DATA_DIR, 'clickhouse'));
  const server = await startServiceUnderTest(
    sql,
    (deps) =>
      createAnalyticsService(deps, {
        sessions: options.sessions ?? new TestSessionVerifier(),
        config,
        store,
        analystAuthenticator: options.authenticator,
        analystWorker: worker.script,
      }),
    { background: true },
  );
  return {
    server,
    store,
    sql,
    stop: async () => {
      await server.stop();
      await store.close();
      await sql.close();
      rmSync(config.DATA_DIR, { recursive: true, force: true });
      worker.remove();
    },
  };
}
