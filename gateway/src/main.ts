import { ConfigError, createLogger, serve } from '@risk-profile/platform';
import { gatewayOptions, loadGatewayConfig } from './config';
import { createGatewayApp } from './gateway-app';
import { remoteMessageDelivery } from './message-delivery';
import { closePools, servicePools } from './upstreams';

// Entry of the gateway in the distributed mode: it proxies /api to the four services.
try {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const urls = {
    assessment: config.ASSESSMENT_URL,
    adviser: config.ADVISER_URL,
    notification: config.NOTIFICATION_URL,
    analytics: config.ANALYTICS_URL,
  };
  const pools = servicePools(urls, { logger });
  // The pages say where messages go: this gateway asks the notification service, which acts on it.
  const messageDelivery = remoteMessageDelivery((path) => pools.notification.get(path), logger);
  const app = createGatewayApp({
    ...gatewayOptions(config, { kind: 'proxy', pools }, logger),
    messageDelivery,
  });
  const running = await serve(app, {
    port: config.PORT,
    host: config.HOST,
    logger,
    handleSignals: true,
    cleanups: [async () => closePools(pools)],
  });
  logger.info({ port: running.port, upstreams: urls }, 'gateway ready');
  // Asked once now, so the first page does not wait for it.
  void messageDelivery();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
