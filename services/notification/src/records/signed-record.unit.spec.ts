import { consistencyNotesRecord, signedRecordSchema } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { signedAssessment } from '../testing/fixtures';
import { signedRecordOf } from './signed-record';

describe('what the record shows was signed', () => {
  it('carries the contradiction notes shown during the questionnaire, and null where they were not recorded', () => {
    const consistencyNotes = consistencyNotesRecord([
      { id: 'buying-in-a-fall-vs-cash-kept-back', changedQuestions: [6] },
    ]);
    const record = signedRecordOf(signedAssessment({ consistencyNotes }).data);
    expect(signedRecordSchema.parse(record).consistencyNotes).toEqual(consistencyNotes);
    expect(signedRecordOf(signedAssessment().data).consistencyNotes).toBeNull();
  });
});
