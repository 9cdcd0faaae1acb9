import type { SqlExecutor } from '@risk-profile/platform';
import { MasterKey } from './master-key';

/**
 * The per-assessment data keys, wrapped by the master key, one row an assessment. Deleting the
 * row is what erases the assessment: its events stay, their personal fields no longer open.
 */
export class DataKeys {
  constructor(
    private readonly sql: SqlExecutor,
    private readonly master: MasterKey,
  ) {}

  /** The same keys through `executor` (a transaction). */
  within(executor: SqlExecutor): DataKeys {
    return new DataKeys(executor, this.master);
  }

  /** The assessment's data key, made and stored on first use (a draft, or a legacy stream's signature). */
  async getOrCreate(assessmentId: string): Promise<Buffer> {
    const key = MasterKey.newDataKey();
    const { rows } = await this.sql.query<{ wrapped_key: string }>(
      `WITH created AS (
         INSERT INTO assessment_data_keys (assessment_id, wrapped_key, master_key_id) VALUES ($1, $2, $3)
         ON CONFLICT (assessment_id) DO NOTHING RETURNING wrapped_key)
       SELECT wrapped_key FROM created
       UNION ALL SELECT wrapped_key FROM assessment_data_keys WHERE assessment_id = $1`,
      [assessmentId, this.master.wrap(key, assessmentId), this.master.id],
    );
    return this.master.unwrap(rows[0]!.wrapped_key, assessmentId);
  }

  /** The data keys of these assessments that still exist; an erased one is simply absent. */
  async find(assessmentIds: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    if (assessmentIds.length === 0) return found;
    const { rows } = await this.sql.query<{ assessment_id: string; wrapped_key: string }>(
      'SELECT assessment_id::text, wrapped_key FROM assessment_data_keys WHERE assessment_id = ANY($1::uuid[])',
      [assessmentIds],
    );
    for (const row of rows)
      found.set(row.assessment_id, this.master.unwrap(row.wrapped_key, row.assessment_id));
    return found;
  }

  /** Returns whether a key was deleted. */
  async delete(assessmentId: string): Promise<boolean> {
    const { rowCount } = await this.sql.query('DELETE FROM assessment_data_keys WHERE assessment_id = $1', [
      assessmentId,
    ]);
    return rowCount > 0;
  }
}
