import { ConfigError, createLogger, serve } from '@risk-profile/platform';
import { gatewayOptions, loadGatewayConfig } from './config';
import { createGatewayApp } from './gateway-app';
import { remoteMessageDelivery } from './message-delivery';

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
  // The pages say where messages go: this gateway asks the notification service, which acts on it.
  const messageDelivery = remoteMessageDelivery(() => config.NOTIFICATION_URL, logger);
  const app = createGatewayApp({
    ...gatewayOptions(config, { kind: 'proxy', urls }, logger),
    messageDelivery,
  });
  const running = await serve(app, { port: config.PORT, host: config.HOST, logger, handleSignals: true });
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
