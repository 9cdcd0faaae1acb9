import { type EventStore, openSessions, type SessionVerifier, type SqlClient } from '@risk-profile/platform';
import { type ServiceUnderTest, startServiceUnderTest } from '@risk-profile/platform/testing';
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
  return { ...server, store, rawStore: server.store };
}

/** The session key and public address of the test server's sessions (the cookie is `rp_session`). */
export const TEST_SESSION_SECRET = 'assessment-test-session-secret-0123456789';
export const TEST_PUBLIC_URL = 'http://localhost';
