import { adviserConfigSchema, createAdviserService } from '@risk-profile/adviser';
import {
  type AnalystAuthenticator,
  type AnalyticsServiceModule,
  type AnalyticsStore,
  analyticsConfigSchema,
  ClickHouseAnalyticsStore,
  createAnalyticsService,
} from '@risk-profile/analytics';
import {
  assessmentConfigSchema,
  createAssessmentService,
  httpAdviserDirectory,
} from '@risk-profile/assessment';
import {
  createNotificationService,
  messageDelivery,
  notificationConfigSchema,
} from '@risk-profile/notification';
import {
  createLogger,
  inProcessOrigin,
  type Logger,
  loadConfigs,
  type OpenedPlatform,
  openPlatform,
  openSessions,
  PgliteSqlClient,
  platformConfigSchema,
  type Running,
  type ServiceModule,
  type SessionVerifier,
  serve,
  singleOrigin,
} from '@risk-profile/platform';
import { gatewayConfigSchema, gatewayOptions } from '../config';
import { createGatewayApp } from '../gateway-app';
import { OPS_FILE, startOpsServer } from './backup/ops-server';
import { localSecrets } from './local-secrets';

export interface EmbeddedSystem {
  url: string;
  running: Running;
  platform: OpenedPlatform;
  modules: readonly ServiceModule[];
  logger: Logger;
  stop(): Promise<void>;
}

/**
 * The whole product in one process: the four services on shared embedded adapters (or the
 * servers the environment names) and the gateway mounting their apps directly. `npm start`,
 * the end-to-end tests and the benchmarks all start the product through here.
 */
export async function startEmbedded(
  environment: NodeJS.ProcessEnv = process.env,
  options: {
    handleSignals?: boolean;
    logger?: Logger;
    /** Replaces the session check (benchmarks that sign in synthetic administrators). */
    sessions?: SessionVerifier;
    /** Replaces the check of /clickhouse credentials with the adviser service (tests). */
    analystAuthenticator?: AnalystAuthenticator;
    /** Leaves the notification service out (the report-delivery benchmark's baseline). */
    withoutNotifications?: boolean;
    /**
     * The report composer's worker entry, which the bundled entries find beside themselves
     * (reportComposerBeside); without it, messages are rendered on the event loop.
     */
    composeWorker?: URL;
    /**
     * The analysts' engine bundle (analyst-worker.mjs), which the bundled entries find beside
     * themselves; tests running the sources build it (bundleAnalystWorker). Without it, no /clickhouse.
     */
    analystWorker?: URL;
  } = {},
): Promise<EmbeddedSystem> {
  // Demo data is on for the one-command start; production configuration never sets it.
  environment.DEMO_DATA ??= 'true';
  // Every key of the platform, the gateway and the services is checked before anything is
  // written or opened: a wrong configuration leaves no secrets file, no database, no port.
  const secrets = localSecrets(environment.DATA_DIR || './data', environment);
  const [
    platformConfig,
    gatewayConfig,
    assessmentConfig,
    adviserConfig,
    notificationConfig,
    analyticsConfig,
  ] = loadConfigs(
    [
      platformConfigSchema,
      gatewayConfigSchema,
      assessmentConfigSchema,
      adviserConfigSchema,
      notificationConfigSchema,
      analyticsConfigSchema,
    ] as const,
    secrets.environment,
  );
  secrets.persist();
  const logger = options.logger ?? createLogger('risk-profile', platformConfig.LOG_LEVEL);

  const platform = await openPlatform(platformConfig, logger);
  // One session check for the gateway and every service, on the session state in the database.
  const sessions =
    options.sessions ??
    (
      await openSessions(platform.sql, {
        secret: gatewayConfig.SESSION_SECRET,
        publicUrl: gatewayConfig.PUBLIC_URL ?? `http://localhost:${gatewayConfig.PORT}`,
      })
    ).verifier;
  const modules: ServiceModule[] = [];
  let listeningPort: number | undefined;
  try {
    // Links point at PUBLIC_URL, or else at this process's own address once it listens.
    const adviser = await createAdviserService(platform, adviserConfig, {
      publicUrl: () => gatewayConfig.PUBLIC_URL ?? `http://localhost:${listeningPort ?? gatewayConfig.PORT}`,
    });
    // The assessment service asks the adviser service's internal lookup, in process.
    const advisers = httpAdviserDirectory(singleOrigin(inProcessOrigin(adviser.app)), { timeoutMs: null });
    modules.push(await createAssessmentService(platform, assessmentConfig, { advisers, sessions }), adviser);
    if (!options.withoutNotifications) {
      modules.push(
        await createNotificationService(platform, notificationConfig, {
          sessions,
          composeWorker: options.composeWorker,
          publicUrl: () =>
            gatewayConfig.PUBLIC_URL ?? `http://localhost:${listeningPort ?? gatewayConfig.PORT}`,
        }),
      );
    }
    // /clickhouse checks analysts' credentials with the adviser service, in process.
    const adviserOrigin = inProcessOrigin(adviser.app);
    modules.push(
      await createAnalyticsService(platform, {
        sessions,
        config: analyticsConfig,
        adviserOrigins: async () => [await adviserOrigin()],
        analystAuthenticator: options.analystAuthenticator,
        analystWorker: options.analystWorker,
        publicUrl: gatewayConfig.PUBLIC_URL,
      }),
    );
    for (const module of modules) await module.start();
  } catch (error) {
    for (const module of modules) await module.stop().catch(() => {});
    await platform.close();
    throw error;
  }

  const gateway = gatewayOptions(gatewayConfig, { kind: 'embedded', modules }, logger, sessions);
  // The pages say whether messages are sent or saved in the outbox folder (never its path).
  const delivery = options.withoutNotifications ? undefined : messageDelivery(notificationConfig);
  const app = createGatewayApp({ ...gateway, publicConfig: { ...gateway.publicConfig, delivery } });
  // On PGlite the product alone can copy its database, so it serves backups (docs/deployment.md,
  // "Backups"); a PostgreSQL server is backed up with its own tools.
  const ops =
    platform.sql instanceof PgliteSqlClient
      ? await startOpsServer({
          dataDir: platformConfig.DATA_DIR,
          port: gatewayConfig.OPS_PORT,
          logger,
          refusal: backupRefusal(platformConfig),
          sources: {
            dataDir: platformConfig.DATA_DIR,
            sql: platform.sql,
            analytics: modules.map((m) => (m as Partial<AnalyticsServiceModule>).store).find(isEmbeddedStore),
            exclude: [OPS_FILE],
          },
        })
      : undefined;
  const running = await serve(app, {
    port: gatewayConfig.PORT,
    host: gatewayConfig.HOST,
    logger,
    handleSignals: options.handleSignals ?? false,
    // Run in reverse: services stop (relays, consumers) before the shared adapters close, after
    // the backup in progress.
    cleanups: [
      () => platform.close(),
      ...modules.map((m) => () => m.stop()),
      async () => {
        await ops?.stop();
      },
    ],
  });
  listeningPort = running.port;
  return {
    url: `http://localhost:${running.port}`,
    running,
    platform,
    modules,
    logger,
    stop: () => running.stop(),
  };
}

const isEmbeddedStore = (store: AnalyticsStore | undefined): store is ClickHouseAnalyticsStore =>
  store instanceof ClickHouseAnalyticsStore && store.embedded;

/**
 * With the events in KurrentDB or the bus on Kafka, part of the state (the events, or the offsets
 * the read models in PGlite were fed up to) is outside DATA_DIR: a copy of DATA_DIR alone would
 * restore read models that miss what was read after it, and never catch up.
 */
export function backupRefusal(config: {
  KURRENTDB_URL?: string;
  KAFKA_BROKERS: string[];
}): string | undefined {
  const outside = [
    ...(config.KURRENTDB_URL ? ['its events in KurrentDB'] : []),
    ...(config.KAFKA_BROKERS.length > 0 ? ['its event bus on Kafka'] : []),
  ];
  if (outside.length === 0) return undefined;
  return `this product keeps ${outside.join(' and ')}, outside DATA_DIR, so a copy of DATA_DIR would not restore consistently: back up each store with its own tools`;
}
