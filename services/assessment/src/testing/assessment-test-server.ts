import type { SqlClient } from '@risk-profile/platform';
import { type ServiceUnderTest, startServiceUnderTest } from '@risk-profile/platform/testing';
import { assessmentConfigSchema } from '../config';
import { createAssessmentService } from '../index';

export type AssessmentTestServer = ServiceUnderTest;

/**
 * The assessment service over the PostgreSQL adapters on `sql`, listening on a free port.
 * Background work (the relay) runs only when asked for, so HTTP slices test the HTTP alone.
 */
export function startAssessmentServer(
  sql: SqlClient,
  options: { clock?: () => Date; env?: Record<string, string>; background?: boolean } = {},
): Promise<AssessmentTestServer> {
  const config = assessmentConfigSchema.parse({ ...options.env });
  return startServiceUnderTest(sql, (deps) => createAssessmentService(deps, config), options);
}
