import type { DataKeyTable } from '@risk-profile/platform';

export type { DataKeys } from '@risk-profile/platform';

/**
 * The assessments' data keys (platform/src/crypto/data-keys.ts): one an assessment, wrapped for
 * the assessment's id alone, as they have been stored since issue 33.
 */
export const ASSESSMENT_DATA_KEYS: DataKeyTable = {
  table: 'assessment_data_keys',
  idColumn: 'assessment_id',
  subject: (assessmentId) => assessmentId,
};
