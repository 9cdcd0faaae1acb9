import {
  type EventBus,
  type EventStore,
  PostgresEventBus,
  PostgresEventStore,
  type ServiceModule,
  type SqlClient,
  serve,
  silentLogger,
} from '@risk-profile/platform';
import { type AssessmentConfig, assessmentConfigSchema } from '../config';
import { createAssessmentService } from '../index';

export interface AssessmentTestServer {
  url: string;
  store: EventStore;
  bus: EventBus;
  module: ServiceModule;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * The assessment service over the PostgreSQL adapters on `sql`, listening on a free port.
 * Background work (the relay) runs only when asked for, so HTTP slices test the HTTP alone.
 */
export async function startAssessmentServer(
  sql: SqlClient,
  options: { clock?: () => Date; env?: Record<string, string>; background?: boolean } = {},
): Promise<AssessmentTestServer> {
  const logger = silentLogger();
  const config: AssessmentConfig = assessmentConfigSchema.parse({ ...options.env });
  const store = await PostgresEventStore.create(sql);
  const bus = await PostgresEventBus.create(sql, { logger, pollIntervalMs: 20 });
  const module = await createAssessmentService(
    { sql, eventStore: store, bus, logger, clock: options.clock ?? (() => new Date()) },
    config,
  );
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
