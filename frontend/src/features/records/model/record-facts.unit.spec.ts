import { consistencyNotesRecord } from '@risk-profile/contracts';
import { registerQuestionnaireV2Fixture } from '@risk-profile/contracts/testing';
import { describe, expect, it } from 'vitest';
import { consistencyItems, percentileFact } from './record-facts';

describe("the record's percentile", () => {
  it('says what it compares with and how the group relates to it, as the report does', () => {
    expect(percentileFact(56, 66, 1)).toBe(
      "66th percentile: higher than 66% of all scores in the questionnaire's norms (scores treated as normal with mean 50 and standard deviation 15). The risk group comes from fixed score bands (group 5 is 56 to 60), not from the percentile.",
    );
  });

  it("places the group by the score bands of the record's own version", () => {
    registerQuestionnaireV2Fixture();
    expect(percentileFact(44, 61, 1)).toContain('group 3 is 36 to 45');
    expect(percentileFact(44, 61, 2)).toContain('group 4 is 43 to 55');
  });
});

describe("the record's consistency section", () => {
  it('lists the notes the client was shown during the questionnaire and what they changed', () => {
    const consistencyNotes = consistencyNotesRecord([
      { id: 'buying-in-a-fall-vs-cash-kept-back', changedQuestions: [6] },
      { id: 'managing-vs-staying-invested', changedQuestions: [7] },
    ]);
    const view = consistencyItems({ consistencyNotes, consistencyWarnings: [] });
    expect(view.none).toBeNull();
    expect(view.items.map((item) => item.title)).toEqual([
      `Shown during the questionnaire: ${consistencyNotes[0]!.title} (questions 5 and 6)`,
      `Shown during the questionnaire: ${consistencyNotes[1]!.title} (questions 7 and 9)`,
    ]);
    expect(view.items[0]!.explanation).toMatch(/The client then changed question 6\.$/);
  });

  it('never says the answers were consistent throughout when the notes were not recorded', () => {
    expect(consistencyItems({ consistencyNotes: null, consistencyWarnings: [] }).none).toBe(
      'None at signing: the answers signed are consistent. Notes shown during the questionnaire were not recorded for this assessment.',
    );
    expect(consistencyItems({ consistencyNotes: [], consistencyWarnings: [] }).none).toBe(
      'None: the client was shown no contradiction notes, and the answers signed are consistent.',
    );
  });
});
