import {
  PostgresEventBus,
  PostgresEventStore,
  type SqlClient,
  serve,
  silentLogger,
} from '@risk-profile/platform';
import { type AdviserConfig, adviserConfigSchema } from '../config';
import { createAdviserService } from '../index';

export const TEST_LINK_SECRET = 'test-link-token-secret-0123456789abcdef';

export interface AdviserTestServer {
  url: string;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

/** The adviser service over real adapters on `sql`, listening on a free port. */
export async function startAdviserServer(
  sql: SqlClient,
  options: { clock?: () => Date; env?: Record<string, string> } = {},
): Promise<AdviserTestServer> {
  const logger = silentLogger();
  const config: AdviserConfig = adviserConfigSchema.parse({
    LINK_TOKEN_SECRET: TEST_LINK_SECRET,
    ...options.env,
  });
  const module = await createAdviserService(
    {
      sql,
      eventStore: await PostgresEventStore.create(sql),
      bus: await PostgresEventBus.create(sql, { logger }),
      logger,
      clock: options.clock ?? (() => new Date()),
    },
    config,
  );
  await module.start();
  const running = await serve(module.app, { port: 0, host: '127.0.0.1', logger });
  const url = `http://127.0.0.1:${running.port}`;
  return {
    url,
    post: (path, body, headers = {}) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    stop: async () => {
      await running.stop();
      await module.stop();
    },
  };
}
