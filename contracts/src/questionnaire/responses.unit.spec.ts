import { describe, expect, it } from 'vitest';
import { QUESTIONS } from './questions';
import { firstUnanswered, optionForScore, type Responses, responseKey, scoreForOption } from './responses';
import { partialResponsesSchema, responsesSchema } from './responses.schema';

const all = (score: 1 | 2 | 3 | 4 | 5) =>
  Object.fromEntries(QUESTIONS.map((q) => [q.id, score])) as Required<Responses>;

describe('scoreForOption and optionForScore', () => {
  const natural = QUESTIONS.find((q) => q.scoring[0] === 1)!;
  const reversed = QUESTIONS.find((q) => q.scoring[0] === 5)!;

  it.each([
    [0, 1, 5],
    [1, 2, 4],
    [2, 3, 3],
    [3, 4, 2],
    [4, 5, 1],
  ] as const)(
    'option %i scores %i on a natural item and %i on a reversed one',
    (option, onNatural, onReversed) => {
      expect(scoreForOption(natural, option)).toBe(onNatural);
      expect(scoreForOption(reversed, option)).toBe(onReversed);
      expect(optionForScore(natural, onNatural)).toBe(option);
      expect(optionForScore(reversed, onReversed)).toBe(option);
    },
  );

  it.each([-1, 5, 1.5])('refuses option %s', (option) => {
    expect(() => scoreForOption(natural, option)).toThrow(RangeError);
  });
});

describe('responsesSchema', () => {
  it('accepts every question answered 1-5', () => {
    expect(responsesSchema.parse(all(3))).toEqual(all(3));
  });

  it.each([
    ['a missing answer', (r: Record<string, unknown>) => delete r.q18],
    ['a score of 0', (r: Record<string, unknown>) => (r.q4 = 0)],
    ['a score of 6', (r: Record<string, unknown>) => (r.q4 = 6)],
    ['a fraction', (r: Record<string, unknown>) => (r.q4 = 2.5)],
    ['a string', (r: Record<string, unknown>) => (r.q4 = '3')],
    ['an unknown key', (r: Record<string, unknown>) => (r.q19 = 3)],
  ])('refuses %s', (_, spoil) => {
    const responses: Record<string, unknown> = { ...all(3) };
    spoil(responses);
    expect(responsesSchema.safeParse(responses).success).toBe(false);
  });

  it('has a partial form that still refuses bad scores and unknown keys', () => {
    expect(partialResponsesSchema.parse({ q1: 2 })).toEqual({ q1: 2 });
    expect(partialResponsesSchema.safeParse({ q1: 7 }).success).toBe(false);
    expect(partialResponsesSchema.safeParse({ q0: 1 }).success).toBe(false);
  });
});

describe('firstUnanswered', () => {
  it.each([
    [{}, 1],
    [{ q1: 3, q2: 3 }, 3],
    [{ q1: 3, q3: 3 }, 2],
  ] as const)('in %j is question %i', (responses, expected) => {
    expect(firstUnanswered(responses)).toBe(expected);
  });

  it('is undefined once all 18 are answered', () => {
    expect(firstUnanswered(all(1))).toBeUndefined();
    const { q18: _, ...withoutLast } = all(1);
    expect(firstUnanswered(withoutLast)).toBe(18);
  });

  it('names the response key of a question', () => {
    expect(responseKey(7)).toBe('q7');
  });
});
