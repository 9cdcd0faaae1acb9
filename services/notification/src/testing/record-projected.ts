import type { SqlExecutor } from '@risk-profile/platform';
import { eventually } from '@risk-profile/platform/testing';

/** Waits until the records read model holds the assessment with `status` (the consumer runs apart). */
export const recordProjected = (sql: SqlExecutor, assessmentId: string, status = 'signed'): Promise<void> =>
  eventually(async () => {
    const { rows } = await sql.query<{ status: string }>(
      'SELECT status FROM records_assessments WHERE assessment_id = $1',
      [assessmentId],
    );
    if (rows[0]?.status !== status) throw new Error('not projected yet');
  });
