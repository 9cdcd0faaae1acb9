import { checkConsistency, type Responses } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { advancesAfterAnswer, noteElementId, questionFlags } from './question-flags';

describe("a flagged question's flag", () => {
  it('names the other question and links to the note by its questions', () => {
    const issues = checkConsistency({ q5: 5, q6: 5 });
    const flags = questionFlags(issues);
    expect([...flags.keys()]).toEqual([5, 6]);
    expect(flags.get(6)).toEqual({
      text: 'This answer may not match your answer to question 5.',
      notes: [
        {
          id: 'consistency-note-buying-in-a-fall-vs-cash-kept-back',
          label: 'Read the note on questions 5 and 6',
        },
      ],
    });
    expect(flags.get(5)?.text).toBe('This answer may not match your answer to question 6.');
  });

  it('links to every note of a question in more than one', () => {
    // Q1 avoids falls, Q9 would sit through one for years, Q8 picks a portfolio that falls 25%.
    const issues = checkConsistency({ q1: 1, q3: 3, q8: 5, q9: 5 });
    const flag = questionFlags(issues).get(1);
    expect(flag?.text).toBe('This answer may not match your answers to questions 3, 8 and 9.');
    expect(flag?.notes.map((note) => note.label)).toEqual([
      'Read the note on questions 1 and 9',
      'Read the note on questions 1, 3 and 8',
    ]);
    expect(flag?.notes.map((note) => note.id)).toEqual(issues.map(noteElementId));
  });
});

describe('auto-advance after an answer', () => {
  const answered: Responses = { q5: 5 };

  it('moves on after an answer that raises no flag on the question', () => {
    expect(advancesAfterAnswer(6, { ...answered, q6: 2 })).toBe(true);
    expect(advancesAfterAnswer(1, { q1: 3 })).toBe(true);
  });

  it('stays on a question the answer leaves flagged, so the flag is read', () => {
    expect(advancesAfterAnswer(6, { ...answered, q6: 5 })).toBe(false);
  });

  it('stays on the last question', () => {
    expect(advancesAfterAnswer(18, { q18: 3 })).toBe(false);
  });
});
