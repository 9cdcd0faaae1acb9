import { join } from 'node:path';
import { analystQueryLogEndpoint } from '@risk-profile/contracts';
import {
  createServiceApp,
  createUpstreamPool,
  PgSqlClient,
  type PlatformDeps,
  parseQuery,
  requireAccess,
  type ServiceModule,
  type SessionVerifier,
  type SqlClient,
  SqlRateLimitStore,
  withAdvisoryLock,
} from '@risk-profile/platform';
import {
  type AdviserOrigins,
  type AnalystAuthenticator,
  cachedAnalystAuthenticator,
  httpAnalystAuthenticator,
} from './clickhouse-http/analyst-authenticator';
import { AnalystQueryLog } from './clickhouse-http/analyst-query-log';
import { mountClickHouseHttp } from './clickhouse-http/clickhouse-http.route';
import { openAnalystEngine } from './clickhouse-http/open-analyst-engine';
import { type AnalyticsConfig, analyticsConfigSchema } from './config';
import { DashboardQueries } from './dashboard/dashboard-queries';
import { mountAdminRoutes } from './http/admin-routes';
import { mountIngestQuestionEvents } from './ingest/ingest-question-events.route';
import { ChangeFeed } from './live/change-feed';
import { shareChanges } from './live/shared-changes';
import { AnalyticsProjector } from './projection/projector';
import { RecentAssessmentsReadModel } from './read-model/recent-assessments.read-model';
import type { AnalyticsStore } from './store/analytics-store.port';
import { ClickHouseAnalyticsStore } from './store/clickhouse-analytics-store.adapter';

export type { AdviserOrigins, AnalystAuthenticator } from './clickhouse-http/analyst-authenticator';
export { analystWorkerBeside } from './clickhouse-http/analyst-process';
export { type AnalyticsConfig, analyticsConfigSchema, analyticsProcessConfigSchema } from './config';
export type { AnalyticsStore } from './store/analytics-store.port';
export { ClickHouseAnalyticsStore } from './store/clickhouse-analytics-store.adapter';

export interface AnalyticsServiceOptions {
  /** Verifies the session cookie of the admin endpoints. */
  sessions: SessionVerifier;
  config?: AnalyticsConfig;
  /** An already open store (tests, benchmarks); otherwise opened from the configuration. */
  store?: AnalyticsStore;
  /** How often an open live stream re-checks its session (default 5 s). */
  streamRecheckMs?: number;
  /**
   * Checks the credentials sent to /clickhouse; default: the adviser service's internal check at
   * `adviserOrigins` (else the ADVISER_URL pool), remembered for ANALYST_CREDENTIAL_CACHE_SECONDS.
   */
  analystAuthenticator?: AnalystAuthenticator;
  /** The adviser service's address(es) for the credential check (embedded: its in-process origin). */
  adviserOrigins?: AdviserOrigins;
  /**
   * The analysts' engine bundle (analyst-worker.mjs, beside each server entry: analystWorkerBeside);
   * tests running the TypeScript sources bundle it (testing/analyst-worker-bundle.ts). Without
   * it, no /clickhouse on the embedded store.
   */
  analystWorker?: URL;
  /** The product's public URL, for the origin check of cookie-authenticated /clickhouse requests. */
  publicUrl?: string;
}

export interface AnalyticsServiceModule extends ServiceModule {
  store: AnalyticsStore;
  changes: ChangeFeed;
  /** Waits until analysts' queries see what the store holds now (no-op without /clickhouse). */
  analystsRefreshed(): Promise<void>;
}

/**
 * Opens the store the configuration names: a ClickHouse server, else chDB under DATA_DIR. With a
 * server, `sql` (the service's own PostgreSQL) serialises the schema migrations of instances
 * starting together: they share that database as they share the ClickHouse one. PGlite lives in
 * one process, so there is nothing to share and no lock to take.
 */
export function openAnalyticsStore(
  config: AnalyticsConfig,
  sql?: SqlClient,
): Promise<ClickHouseAnalyticsStore> {
  return config.CLICKHOUSE_URL
    ? ClickHouseAnalyticsStore.openServer({
        url: config.CLICKHOUSE_URL,
        username: config.CLICKHOUSE_USER,
        password: config.CLICKHOUSE_PASSWORD,
        database: config.CLICKHOUSE_DATABASE,
        migrationLock:
          sql?.kind === 'pg'
            ? (run) => withAdvisoryLock(sql, `clickhouse_migrations:${config.CLICKHOUSE_DATABASE}`, run)
            : undefined,
      })
    : ClickHouseAnalyticsStore.openEmbedded(join(config.DATA_DIR, 'clickhouse'), config.CLICKHOUSE_DATABASE);
}

/**
 * The analytics service: question-event ingest, the projector into ClickHouse (and the recent
 * assessments read model in PostgreSQL), the admin dashboard's reads and its live stream.
 */
export async function createAnalyticsService(
  deps: PlatformDeps,
  options: AnalyticsServiceOptions,
): Promise<AnalyticsServiceModule> {
  const config = options.config ?? analyticsConfigSchema.parse({});
  const store = options.store ?? (await openAnalyticsStore(config, deps.sql));
  const ownsStore = !options.store;
  const readModel = await RecentAssessmentsReadModel.create(deps.sql);
  const changes = new ChangeFeed();
  // On a PostgreSQL server other instances may write the same store: their writes are announced too.
  const shared =
    deps.sql instanceof PgSqlClient ? await shareChanges(deps.sql, changes, deps.logger) : undefined;
  const queries = new DashboardQueries(store, readModel);
  const analystLog = await AnalystQueryLog.create(deps.sql);
  const analystEngine = await openAnalystEngine(config, store, {
    logger: deps.logger,
    worker: options.analystWorker,
  });
  const adviserPool = options.adviserOrigins
    ? undefined
    : createUpstreamPool(config.ADVISER_URL, { name: 'adviser', logger: deps.logger });
  const authenticator =
    options.analystAuthenticator ??
    cachedAnalystAuthenticator(
      httpAnalystAuthenticator(options.adviserOrigins ?? (() => adviserPool!.attempts())),
      {
        ttlMs: config.ANALYST_CREDENTIAL_CACHE_SECONDS * 1_000,
      },
    );
  const failedSignIns = await SqlRateLimitStore.create(deps.sql, 'clickhouse-sign-ins', {
    now: () => deps.clock().getTime(),
  });
  failedSignIns.init({ windowMs: 15 * 60_000 } as Parameters<SqlRateLimitStore['init']>[0]);
  const projector = new AnalyticsProjector({
    bus: deps.bus,
    store,
    readModel,
    logger: deps.logger,
    flushIntervalMs: config.ANALYTICS_FLUSH_INTERVAL_MS,
    maxBatch: config.ANALYTICS_BATCH_MAX_EVENTS,
    onChanged: () => {
      changes.changed();
      shared?.written();
    },
  });
  const ready = async () => {
    await deps.sql.query('SELECT 1');
    return store.ping();
  };
  const app = createServiceApp({
    name: 'analytics',
    logger: deps.logger,
    // A full batch (100 events) is about 30 KB of JSON.
    bodyLimit: '64kb',
    trustProxy: config.TRUST_PROXY,
    ready,
    rawBodyRoutes: (app) =>
      analystEngine &&
      mountClickHouseHttp(app, {
        engine: analystEngine,
        authenticator,
        sessions: options.sessions,
        log: analystLog,
        database: store.database,
        failedSignInLimit: config.ANALYST_FAILED_SIGN_IN_LIMIT,
        failures: failedSignIns,
        perAnalystConcurrency: 2,
        maxResultBytes: config.ANALYST_MAX_RESULT_BYTES,
        publicUrl: options.publicUrl,
        clock: deps.clock,
      }),
    routes: (app) => {
      mountIngestQuestionEvents(app, deps);
      mountAdminRoutes(app, {
        sessions: options.sessions,
        queries,
        changes,
        clock: deps.clock,
        streamRecheckMs: options.streamRecheckMs,
      });
      app.get(analystQueryLogEndpoint.path, requireAccess(options.sessions, 'admin'), async (req, res) => {
        const query = parseQuery(analystQueryLogEndpoint, req.query);
        res.json(await analystLog.list(query.limit, query.cursor));
      });
    },
  });
  deps.logger.info({ store: store.description }, 'analytics store open');
  return {
    name: 'analytics',
    app,
    store,
    changes,
    start: () => projector.start(),
    stop: async () => {
      await projector.stop();
      await shared?.close();
      changes.close();
      adviserPool?.close();
      await analystEngine?.close();
      if (ownsStore) await store.close();
    },
    ready,
    analystsRefreshed: async () => {
      await analystEngine?.refreshed?.();
    },
  };
}
