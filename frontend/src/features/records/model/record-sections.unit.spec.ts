import { QUESTIONS, RESPONSE_KEYS, type Responses } from '@risk-profile/contracts';
import { REWORDED_QUESTION_3, registerQuestionnaireV2Fixture } from '@risk-profile/contracts/testing';
import { describe, expect, it } from 'vitest';
import { ordinal, predictionText, recordSections } from './record-sections';

const allThrees = Object.fromEntries(RESPONSE_KEYS.map((key) => [key, 3])) as Responses;

describe("the record's answers", () => {
  it("lists every question in the questionnaire's sections with the chosen option and its score", () => {
    const sections = recordSections(allThrees, 1);
    expect(sections.map((section) => section.title)).toEqual([
      'Section A: Risk Tolerance',
      'Section B: Capacity and Constraints',
      "The Client's Own View",
    ]);
    expect(sections.flatMap((section) => section.answers)).toHaveLength(QUESTIONS.length);
    const first = sections[0]?.answers[0];
    const q1 = QUESTIONS[0];
    expect(first?.question).toBe(q1?.text);
    expect(first?.answer).toMatch(/^[A-E]\. /);
    expect(first?.score).toBe('Score 3 of 5');
    expect(sections[1]?.answers[0]?.score).toBe(
      'Score 3 of 5 (capacity for risk, not part of the risk score)',
    );
    expect(sections[2]?.answers[0]?.score).toBe('Predicted group 3 of 5 (not scored)');
  });

  it('finds the option by its score, whichever way the options run', () => {
    for (const question of QUESTIONS) {
      const answer = recordSections({ [question.id]: 5 } as Responses, 1)
        .flatMap((section) => section.answers)
        .find((a) => a.number === question.number);
      const index = question.scoring.indexOf(5);
      expect(answer?.answer).toBe(`${'ABCDE'[index]}. ${question.options[index]}`);
    }
  });

  it('says when a question was not answered', () => {
    const answers = recordSections({}, 1).flatMap((section) => section.answers);
    expect(answers.every((a) => a.answer === 'Not answered' && a.score === 'No score')).toBe(true);
  });

  it('shows each record in the words of its own questionnaire version', () => {
    registerQuestionnaireV2Fixture();
    const question3 = (version: number) =>
      recordSections(allThrees, version)
        .flatMap((section) => section.answers)
        .find((a) => a.number === 3)?.question;
    expect(question3(1)).toBe(QUESTIONS[2]?.text);
    expect(question3(2)).toBe(REWORDED_QUESTION_3);
    expect(question3(2)).not.toBe(question3(1));
  });
});

describe('predicted versus actual', () => {
  it('tells the adviser about the client, as the report does', () => {
    expect(predictionText({ q18: 4 }, 2)).toBe(
      "Predicted Group 4 of 5, actual Group 2 of 5. The client's actual risk tolerance is lower than they predicted.",
    );
    expect(predictionText({ q18: 3 }, 3)).toBe(
      'Predicted Group 3 of 5, actual Group 3 of 5. The client predicted their risk profile perfectly.',
    );
    expect(predictionText({}, 3)).toBeNull();
  });
});

describe('ordinals', () => {
  it('writes percentiles as the report does', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 52, 73, 99].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '52nd',
      '73rd',
      '99th',
    ]);
  });
});
