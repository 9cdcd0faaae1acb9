import { consistencyNotesRecord } from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import { describe, expect, it } from 'vitest';
import { signedAssessment } from '../testing/fixtures';
import { buildReportModel } from './report-model';

const modelOf = (overrides: Parameters<typeof signedAssessment>[0], audience?: 'client' | 'record') => {
  const assessment = signedAssessment(overrides).data;
  return buildReportModel({ assessment, adviser: assessment.adviser }, audience);
};
const row = (rows: readonly (readonly [string, string])[], label: string) =>
  rows.find(([l]) => l === label)?.[1];

describe('the percentile in the report', () => {
  it('says what it compares with and why the group can read higher (56 is group 5 and the 66th percentile)', () => {
    // Every answer 5 but questions 5 and 7 at 3 (consistent): 56 of 60.
    const model = modelOf({ responses: uniformResponses(5, { q5: 3, q7: 3 }) });
    expect(row(model.results, 'Risk score')).toBe('56 out of 60');
    expect(row(model.results, 'Percentile')).toBe(
      "66th percentile: higher than 66% of all scores in the questionnaire's norms (scores treated as normal with mean 50 and standard deviation 15). The risk group comes from fixed score bands (group 5 is 56 to 60), not from the percentile.",
    );
  });
});

describe('when no profile suits the time horizon', () => {
  it('tells the adviser why, with no warning the client had to acknowledge', () => {
    const model = modelOf({ responses: uniformResponses(2, { q7: 3, q13: 1 }) });
    expect(model.chosenProfile).toBe('Conservative');
    expect(model.capacity.warnings).toEqual([]);
    expect(row(model.capacity.rows, 'Time horizon fit')).toMatch(
      /^No Risk Profile suits the client's time horizon: .*cash or term deposits/,
    );
    expect(row(modelOf({}).capacity.rows, 'Time horizon fit')).toBeUndefined();
  });
});

describe('the consistency notes in the report', () => {
  it('lists the notes the client was shown and the questions they changed', () => {
    const notes = consistencyNotesRecord([
      { id: 'buying-in-a-fall-vs-cash-kept-back', changedQuestions: [6] },
      { id: 'managing-vs-staying-invested', changedQuestions: [7] },
    ]);
    const model = modelOf({ consistencyNotes: notes });
    expect(model.warnings.map((w) => w.title)).toEqual([
      `Shown during the questionnaire: ${notes[0]!.title} (questions 5 and 6)`,
      `Shown during the questionnaire: ${notes[1]!.title} (questions 7 and 9)`,
    ]);
    expect(model.warnings[0]!.explanation).toMatch(/The client then changed question 6\.$/);
    expect(model.warnings[1]!.explanation).toMatch(/The client then changed question 7\.$/);
  });
});
