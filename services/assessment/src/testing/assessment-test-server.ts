import type { SqlClient } from '@risk-profile/platform';
import { type ServiceUnderTest, startServiceUnderTest } from '@risk-profile/platform/testing';
import type { AdviserDirectory } from '../advisers/adviser-directory';
import { assessmentConfigSchema } from '../config';
import { createAssessmentService } from '../index';

import { knownAdvisers } from './fixtures';

export type AssessmentTestServer = ServiceUnderTest;

/**
 * The assessment service over the PostgreSQL adapters on `sql`, listening on a free port.
 * Background work (the relay) runs only when asked for, so HTTP slices test the HTTP alone.
 */
export function startAssessmentServer(
  sql: SqlClient,
  options: {
    clock?: () => Date;
    env?: Record<string, string>;
    background?: boolean;
    /** Which advisers exist; by default only the fixtures' `demo-adviser`. */
    advisers?: AdviserDirectory;
  } = {},
): Promise<AssessmentTestServer> {
  const config = assessmentConfigSchema.parse({ ...options.env });
  const advisers = options.advisers ?? knownAdvisers('demo-adviser');
  return startServiceUnderTest(sql, (deps) => createAssessmentService(deps, config, { advisers }), options);
}
