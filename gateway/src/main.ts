import { resolve } from 'node:path';
import { ConfigError, createLogger, serve } from '@risk-profile/platform';
import { loadGatewayConfig, trustProxySetting } from './config';
import { createGatewayApp } from './gateway-app';

// Entry of the gateway in the distributed mode: it proxies /api to the four services.
try {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const app = createGatewayApp({
    upstreams: {
      kind: 'proxy',
      urls: {
        assessment: config.ASSESSMENT_URL,
        adviser: config.ADVISER_URL,
        notification: config.NOTIFICATION_URL,
        analytics: config.ANALYTICS_URL,
      },
    },
    logger,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    publicConfig: { contactEmail: config.CONTACT_EMAIL, demoMode: config.DEMO_DATA },
    frontendDist: resolve(config.FRONTEND_DIST ?? 'frontend/dist'),
    bodyLimit: config.BODY_LIMIT,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
  });
  const running = await serve(app, { port: config.PORT, host: config.HOST, logger, handleSignals: true });
  logger.info({ port: running.port }, 'gateway ready');
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
