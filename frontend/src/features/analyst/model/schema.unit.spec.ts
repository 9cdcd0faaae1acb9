import { describe, expect, it } from 'vitest';
import { groupSchema } from './schema';

describe('the schema panel', () => {
  it('groups columns by table in their order, with the tables comments', () => {
    expect(
      groupSchema(
        [
          {
            table: 'assessments',
            name: 'assessment_id',
            type: 'UUID',
            comment: 'The assessment (dedup key).',
          },
          { table: 'assessments', name: 'stage', type: 'UInt8', comment: '1 drafted, 2 signed (completed).' },
          { table: 'sessions', name: 'session_key', type: 'UInt128', comment: '' },
        ],
        [
          { name: 'sessions', comment: 'One row per analytics session.' },
          { name: 'assessments', comment: 'One row per assessment.' },
          { name: 'sessions_mv', comment: '' },
        ],
      ),
    ).toEqual([
      {
        name: 'assessments',
        comment: 'One row per assessment.',
        columns: [
          { name: 'assessment_id', type: 'UUID', comment: 'The assessment (dedup key).' },
          { name: 'stage', type: 'UInt8', comment: '1 drafted, 2 signed (completed).' },
        ],
      },
      {
        name: 'sessions',
        comment: 'One row per analytics session.',
        columns: [{ name: 'session_key', type: 'UInt128', comment: '' }],
      },
    ]);
  });
});
