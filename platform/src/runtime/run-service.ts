import express from 'express';
import { z } from 'zod';
import { ConfigError, env, loadConfigs } from '../config/config';
import { waitingGroupsReason } from '../event-bus/event-bus.port';
import { serve } from '../http/serve';
import { NotReadyError, readinessEndpoint } from '../http/service-app';
import { createLogger } from '../logging/logger';
import { openPlatform } from './open-platform';
import { platformConfigShape } from './platform-config';
import type { PlatformDeps, ServiceModule } from './service-module';

export interface RunServiceOptions<S extends z.ZodObject> {
  name: ServiceModule['name'];
  defaultPort: number;
  /** The service's own keys, checked together with the platform's before anything opens. */
  config: S;
  create: (deps: PlatformDeps, config: z.infer<S>) => Promise<ServiceModule>;
}

/** The keys every service process reads besides its own: the platform's adapters, its port and interface. */
export const serviceEntryConfigSchema = (defaultPort: number) =>
  z.object({
    ...platformConfigShape,
    PORT: env.port(defaultPort),
    HOST: z.string().optional(),
  });

/**
 * Entry point of one service in the distributed mode: its own process, port and adapters.
 * Every bad key of the platform and the service is printed at once and the process exits 1
 * before anything is opened or written (no database, no port).
 */
export async function runService<S extends z.ZodObject>(options: RunServiceOptions<S>): Promise<void> {
  let configs: [z.infer<ReturnType<typeof serviceEntryConfigSchema>>, z.infer<S>];
  try {
    configs = loadConfigs([
      serviceEntryConfigSchema(options.defaultPort),
      options.config,
    ] as const) as typeof configs;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const [config, serviceConfig] = configs;
  const logger = createLogger(options.name, config.LOG_LEVEL);
  const platform = await openPlatform(config, logger);
  const module = await options.create(platform, serviceConfig);
  // It listens while it starts, so that its readiness can say what it waits for (on Kafka, a
  // consumer group's rebalance can hold a start for the session timeout): until then /readyz is
  // 503 with the reason, and the gateway and the healthchecks pass it over.
  let started = false;
  const starting = readinessEndpoint(options.name, logger, async () => {
    throw new NotReadyError(waitingGroupsReason(platform.bus.waitingGroups?.()) ?? 'starting');
  });
  const gate = express();
  gate.disable('x-powered-by');
  gate.get('/readyz', (req, res, next) => (started ? next() : starting(req, res, next)));
  gate.use((req, res) => module.app(req, res));
  const running = await serve(gate, {
    port: config.PORT,
    host: config.HOST,
    logger,
    handleSignals: true,
    cleanups: [() => platform.close(), () => module.stop()],
  });
  try {
    await module.start();
  } catch (error) {
    await running.stop();
    throw error;
  }
  started = true;
  logger.info({ port: running.port, ...platform.describe }, `${options.name} service ready`);
}
