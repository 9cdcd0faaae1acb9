import { z } from 'zod';
import { ConfigError, env, loadConfig } from '../config/config';
import { serve } from '../http/serve';
import { createLogger } from '../logging/logger';
import { openPlatform } from './open-platform';
import { platformConfigShape } from './platform-config';
import type { PlatformDeps, ServiceModule } from './service-module';

/**
 * Entry point of one service in the distributed mode: its own process, port and adapters.
 * Configuration errors are printed as a list and exit 1 before anything opens.
 */
export async function runService(
  name: ServiceModule['name'],
  defaultPort: number,
  create: (deps: PlatformDeps) => Promise<ServiceModule>,
): Promise<void> {
  try {
    const config = loadConfig(
      z.object({ ...platformConfigShape, PORT: env.port(defaultPort), HOST: z.string().optional() }),
    );
    const logger = createLogger(name, config.LOG_LEVEL);
    const platform = await openPlatform(config, logger);
    const module = await create(platform);
    await module.start();
    const running = await serve(module.app, {
      port: config.PORT,
      host: config.HOST,
      logger,
      handleSignals: true,
      cleanups: [() => platform.close(), () => module.stop()],
    });
    logger.info({ port: running.port, ...platform.describe }, `${name} service ready`);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
