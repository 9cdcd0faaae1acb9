import type { RequestListener } from 'node:http';
import { createServer, type Server } from 'node:http';
import type { Logger } from '../logging/logger';

export interface Running {
  server: Server;
  port: number;
  /** Stops taking connections, lets in-flight requests finish, then runs the cleanups. */
  stop(): Promise<void>;
}

/**
 * Listens on `port` (0 picks a free one). With `handleSignals`, SIGINT/SIGTERM trigger a
 * graceful stop: no new connections, in-flight requests finish (up to `graceMs`), then the
 * cleanups run in reverse order of registration (consumers before the stores they use).
 */
export async function serve(
  handler: RequestListener,
  options: {
    port: number;
    host?: string;
    logger: Logger;
    cleanups?: Array<() => Promise<void>>;
    handleSignals?: boolean;
    graceMs?: number;
  },
): Promise<Running> {
  const server = createServer(handler);
  server.keepAliveTimeout = 65_000; // above typical load-balancer idle timeouts
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections become idle as their last response ends; close them as they do.
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), options.graceMs ?? 10_000);
      await closed;
      clearInterval(sweep);
      clearTimeout(timer);
      for (const cleanup of [...(options.cleanups ?? [])].reverse()) {
        await cleanup().catch((err) => options.logger.error({ err }, 'cleanup failed'));
      }
    })();
    return stopping;
  };

  if (options.handleSignals) {
    const onSignal = (signal: NodeJS.Signals) => {
      options.logger.info({ signal }, 'shutting down');
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  return { server, port, stop };
}
