import { randomUUID } from 'node:crypto';
import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  type AssessmentLifecycleTopicEvent,
  type UserRole,
} from '@risk-profile/contracts';
import {
  type BusMessage,
  createSessionTokens,
  type EventStore,
  openSessions,
  type SessionVerifier,
  type SqlClient,
  sessionCookie,
} from '@risk-profile/platform';
import {
  freshDatabase,
  type ServiceUnderTest,
  type SqlTarget,
  staffCookie,
  startServiceUnderTest,
} from '@risk-profile/platform/testing';
import type { AdviserDirectory } from '../advisers/adviser-directory';
import { assessmentConfigSchema } from '../config';
import { openDataProtection } from '../data-protection/data-protection';
import { createAssessmentService } from '../index';

import { knownAdvisers, TEST_DATA_ENCRYPTION_KEY } from './fixtures';

export interface AssessmentTestServer extends ServiceUnderTest {
  /** The events as the service reads them: personal fields decrypted (or erased). */
  store: EventStore;
  /** The events as stored: personal fields encrypted. */
  rawStore: EventStore;
}

/**
 * The assessment service over the PostgreSQL adapters on `sql`, listening on a free port.
 * Background work (the relay) runs only when asked for, so HTTP slices test the HTTP alone.
 */
export async function startAssessmentServer(
  sql: SqlClient,
  options: {
    clock?: () => Date;
    env?: Record<string, string>;
    background?: boolean;
    /** Which advisers exist; by default only the fixtures' `demo-adviser`. */
    advisers?: AdviserDirectory;
    /** Who is signed in; by default the platform's sessions on `sql` with TEST_SESSION_SECRET. */
    sessions?: SessionVerifier;
    /** Receives every message published on the lifecycle topic. */
    collect?: BusMessage<AssessmentLifecycleTopicEvent>[];
  } = {},
): Promise<AssessmentTestServer> {
  const config = assessmentConfigSchema.parse({
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    RETENTION_SWEEP_INTERVAL_MS: '0',
    ...options.env,
  });
  const advisers = options.advisers ?? knownAdvisers('demo-adviser');
  const server = await startServiceUnderTest(
    sql,
    async (deps) => {
      const sessions =
        options.sessions ??
        (
          await openSessions(deps.sql, {
            secret: TEST_SESSION_SECRET,
            publicUrl: TEST_PUBLIC_URL,
            clock: deps.clock,
          })
        ).verifier;
      return createAssessmentService(deps, config, { advisers, sessions });
    },
    options,
  );
  const { store } = await openDataProtection(sql, server.store, config.DATA_ENCRYPTION_KEY);
  const into = options.collect;
  const subscription = into
    ? await server.bus.subscribe<AssessmentLifecycleTopicEvent>({
        groupId: `assessment-test-${randomUUID()}`,
        topics: [ASSESSMENT_LIFECYCLE_TOPIC],
        handler: async (message) => void into.push(message),
      })
    : undefined;
  const stop = async () => {
    await subscription?.stop();
    await server.stop();
  };
  return { ...server, store, rawStore: server.store, stop };
}

/** `startAssessmentServer` on a fresh database of `target` for the suite, stopped after it. */
export const assessmentServerSuite = (
  target: SqlTarget,
  options: Parameters<typeof startAssessmentServer>[1],
) =>
  freshDatabase(
    target,
    async (sql) => ({ server: await startAssessmentServer(sql, options) }),
    ({ server }) => server.stop(),
  );

/** Waits until `check` holds: the relay publishes asynchronously. */
export async function waitUntil(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for published messages');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The session key and public address of the test server's sessions (the cookie is `rp_session`). */
export const TEST_SESSION_SECRET = 'assessment-test-session-secret-0123456789';
export const TEST_PUBLIC_URL = 'http://localhost';

/** The cookie of a new, enabled staff account, issued by the test server's sessions at `now`. */
export const testStaffCookie = (
  sql: SqlClient,
  now: Date,
  who: { role: UserRole; adviserSlug?: string | null; email?: string; name?: string },
) =>
  staffCookie(
    sql,
    {
      tokens: createSessionTokens(TEST_SESSION_SECRET, () => now),
      cookieName: sessionCookie(TEST_PUBLIC_URL).name,
    },
    { email: 'someone@example.com', name: 'Someone', adviserSlug: null, ...who },
  );
