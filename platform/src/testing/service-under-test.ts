import type { EventBus } from '../event-bus/event-bus.port';
import { PostgresEventBus } from '../event-bus/postgres-event-bus.adapter';
import type { EventStore } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres-event-store.adapter';
import { serve } from '../http/serve';
import { type Logger, silentLogger } from '../logging/logger';
import type { PlatformDeps, ServiceModule } from '../runtime/service-module';
import type { SqlClient } from '../sql/sql-client.port';

export interface ServiceUnderTest {
  url: string;
  store: EventStore;
  bus: EventBus;
  module: ServiceModule;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * One service over the PostgreSQL adapters on `sql`, listening on a free port, for HTTP slice
 * tests with real requests. Background work (relays, consumers) runs only when asked for.
 */
export async function startServiceUnderTest(
  sql: SqlClient,
  create: (deps: PlatformDeps) => Promise<ServiceModule>,
  options: { clock?: () => Date; background?: boolean; logger?: Logger } = {},
): Promise<ServiceUnderTest> {
  const logger = options.logger ?? silentLogger();
  const store = await PostgresEventStore.create(sql);
  const bus = await PostgresEventBus.create(sql, { logger, pollIntervalMs: 20 });
  const module = await create({
    sql,
    eventStore: store,
    bus,
    logger,
    clock: options.clock ?? (() => new Date()),
  });
  if (options.background) await module.start();
  const running = await serve(module.app, { port: 0, host: '127.0.0.1', logger });
  const url = `http://127.0.0.1:${running.port}`;
  return {
    url,
    store,
    bus,
    module,
    post: (path, body, headers = {}) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    stop: async () => {
      await running.stop();
      await module.stop();
      await bus.close();
    },
  };
}
