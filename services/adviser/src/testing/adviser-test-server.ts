import type { Logger, SqlClient } from '@risk-profile/platform';
import { type ServiceUnderTest, startServiceUnderTest } from '@risk-profile/platform/testing';
import { adviserConfigSchema } from '../config';
import { createAdviserService } from '../index';

export const TEST_LINK_SECRET = 'test-link-token-secret-0123456789abcdef';
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef-xyz';

export type AdviserTestServer = ServiceUnderTest;

/** The adviser service over real adapters on `sql`, started (demo seed included), on a free port. */
export function startAdviserServer(
  sql: SqlClient,
  options: { clock?: () => Date; env?: Record<string, string>; logger?: Logger } = {},
): Promise<AdviserTestServer> {
  const config = adviserConfigSchema.parse({
    LINK_TOKEN_SECRET: TEST_LINK_SECRET,
    SESSION_SECRET: TEST_SESSION_SECRET,
    ...options.env,
  });
  return startServiceUnderTest(sql, (deps) => createAdviserService(deps, config), {
    ...options,
    background: true,
  });
}
