import { adviserConfigSchema, createAdviserService } from '@risk-profile/adviser';
import { analyticsConfigSchema, createAnalyticsService } from '@risk-profile/analytics';
import { assessmentConfigSchema, createAssessmentService } from '@risk-profile/assessment';
import { createNotificationService } from '@risk-profile/notification';
import {
  createLogger,
  type Logger,
  loadConfigs,
  type OpenedPlatform,
  openPlatform,
  platformConfigSchema,
  type Running,
  type ServiceModule,
  type SessionVerifier,
  serve,
} from '@risk-profile/platform';
import { gatewayConfigSchema, gatewayOptions } from '../config';
import { createGatewayApp } from '../gateway-app';
import { localSecrets } from './local-secrets';

/** Until the accounts service's session verifier is wired in, nobody is signed in. */
const noSessions: SessionVerifier = { authenticate: async () => null };

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
  options: { handleSignals?: boolean; logger?: Logger; sessions?: SessionVerifier } = {},
): Promise<EmbeddedSystem> {
  // Demo data is on for the one-command start; production configuration never sets it.
  environment.DEMO_DATA ??= 'true';
  // Every key of the platform, the gateway and the services is checked before anything is
  // written or opened: a wrong configuration leaves no secrets file, no database, no port.
  const secrets = localSecrets(environment.DATA_DIR || './data', environment);
  const [platformConfig, gatewayConfig, assessmentConfig, adviserConfig, analyticsConfig] = loadConfigs(
    [
      platformConfigSchema,
      gatewayConfigSchema,
      assessmentConfigSchema,
      adviserConfigSchema,
      analyticsConfigSchema,
    ] as const,
    secrets.environment,
  );
  secrets.persist();
  const logger = options.logger ?? createLogger('risk-profile', platformConfig.LOG_LEVEL);

  const platform = await openPlatform(platformConfig, logger);
  const modules: ServiceModule[] = [];
  try {
    modules.push(
      await createAssessmentService(platform, assessmentConfig),
      await createAdviserService(platform, adviserConfig),
      await createNotificationService(platform),
      await createAnalyticsService(platform, {
        sessions: options.sessions ?? noSessions,
        config: analyticsConfig,
      }),
    );
    for (const module of modules) await module.start();
  } catch (error) {
    for (const module of modules) await module.stop().catch(() => {});
    await platform.close();
    throw error;
  }

  const app = createGatewayApp(
    gatewayOptions(gatewayConfig, { kind: 'embedded', modules }, logger, options.sessions ?? noSessions),
  );
  const running = await serve(app, {
    port: gatewayConfig.PORT,
    host: gatewayConfig.HOST,
    logger,
    handleSignals: options.handleSignals ?? false,
    // Run in reverse: services stop (relays, consumers) before the shared adapters close.
    cleanups: [() => platform.close(), ...modules.map((m) => () => m.stop())],
  });
  return {
    url: `http://localhost:${running.port}`,
    running,
    platform,
    modules,
    logger,
    stop: () => running.stop(),
  };
}
