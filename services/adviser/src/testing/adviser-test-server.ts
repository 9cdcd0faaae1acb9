import type { BusMessage, Logger, SqlClient } from '@risk-profile/platform';
import {
  freshDatabase,
  type ServiceUnderTest,
  type SqlTarget,
  startServiceUnderTest,
} from '@risk-profile/platform/testing';
import { expect } from 'vitest';
import { adviserConfigSchema } from '../config';
import { createAdviserService } from '../index';

export const TEST_LINK_SECRET = 'test-link-token-secret-0123456789abcdef';
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef-xyz';
export const TEST_PUBLIC_URL = 'https://advice.example.com';
/** Seals TOTP secrets in tests (base64 of 32 bytes). */
export const TEST_MFA_KEY = Buffer.alloc(32, 7).toString('base64');
/** Wraps the household members' data keys in tests (base64 of 32 bytes). */
export const TEST_HOUSEHOLD_ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');
/** The demo data at a public address, and sign-ins limited loosely enough for a suite. */
export const DEMO_ENV = {
  DEMO_DATA: 'true',
  PUBLIC_URL: TEST_PUBLIC_URL,
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
};

export interface AdviserTestServer extends ServiceUnderTest {
  /** A request with an optional session cookie and JSON body. */
  call(method: string, path: string, options?: { cookie?: string; body?: unknown }): Promise<Response>;
  /** Signs in at `path` (answered 200) and returns the session cookie and the answer's body. */
  signIn(
    path: string,
    email: string,
    password: string,
    headers?: Record<string, string>,
  ): Promise<{ cookie: string; body: unknown }>;
}

interface AdviserServerOptions {
  clock?: () => Date;
  env?: Record<string, string>;
  logger?: Logger;
  collect?: { topic: string; into: BusMessage[] };
}

/** `startAdviserServer` on a fresh database of `target` for the suite, stopped after it. */
export const adviserServerSuite = (target: SqlTarget, options: AdviserServerOptions) =>
  freshDatabase(
    target,
    async (sql) => ({ server: await startAdviserServer(sql, options) }),
    ({ server }) => server.stop(),
  );

/**
 * The adviser service over real adapters on `sql`, started (demo seed included), on a free port;
 * with `collect`, every message published on its topic is pushed into its array.
 */
export async function startAdviserServer(
  sql: SqlClient,
  options: AdviserServerOptions = {},
): Promise<AdviserTestServer> {
  const { collect, ...serviceOptions } = options;
  const config = adviserConfigSchema.parse({
    LINK_TOKEN_SECRET: TEST_LINK_SECRET,
    SESSION_SECRET: TEST_SESSION_SECRET,
    MFA_ENCRYPTION_KEY: TEST_MFA_KEY,
    HOUSEHOLD_ENCRYPTION_KEY: TEST_HOUSEHOLD_ENCRYPTION_KEY,
    ...options.env,
  });
  const service = await startServiceUnderTest(sql, (deps) => createAdviserService(deps, config), {
    ...serviceOptions,
    background: true,
  });
  const subscription = collect
    ? await service.bus.subscribe({
        groupId: 'adviser-test-server',
        topics: [collect.topic],
        handler: async (message) => void collect.into.push(message),
      })
    : undefined;
  return {
    ...service,
    call: (method, path, { cookie, body } = {}) =>
      fetch(`${service.url}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    signIn: async (path, email, password, headers = {}) => {
      const res = await service.post(path, { email, password }, headers);
      expect(res.status).toBe(200);
      return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, body: await res.json() };
    },
    stop: async () => {
      await subscription?.stop();
      await service.stop();
    },
  };
}
