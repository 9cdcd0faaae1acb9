import { consistencyNotesRecord, QUESTIONNAIRE_V1 } from '@risk-profile/contracts';
import {
  REWORDED_QUESTION_3,
  registerQuestionnaireV2Fixture,
  responsesScoring44,
  uniformResponses,
} from '@risk-profile/contracts/testing';
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

describe("the report of a record's own questionnaire version", () => {
  it('names the version and uses its wording and score bands, whatever version is newer', () => {
    const v2 = registerQuestionnaireV2Fixture();
    const question3 = (model: ReturnType<typeof modelOf>) =>
      model.answers.flatMap((section) => section.answers).find((a) => a.number === 3)?.question;
    const before = modelOf({ responses: responsesScoring44() });
    const under2 = modelOf({ responses: responsesScoring44(), questionnaire: v2 });
    expect(before.questionnaire).toBe('Questionnaire version 1');
    expect(row(before.signature, 'Questionnaire')).toBe('Version 1');
    expect(question3(before)).toBe(QUESTIONNAIRE_V1.questions[2]?.text);
    expect(row(before.profile, 'Recommended profile')).toBe('Balanced');
    expect(row(before.results, 'Percentile')).toContain('group 3 is 36 to 45');
    expect(under2.questionnaire).toBe('Questionnaire version 2');
    expect(question3(under2)).toBe(REWORDED_QUESTION_3);
    expect(row(under2.profile, 'Recommended profile')).toBe('Growth');
    expect(row(under2.results, 'Percentile')).toContain('group 4 is 43 to 55');
  });
});
