import { describe, expect, it } from 'vitest';
import { uniformResponses } from '../testing';
import { CONSISTENCY_RULES, checkConsistency } from './consistency';
import { consistencyIssueSchema } from './consistency.schema';
import type { AnswerScore, Responses } from './responses';

// Every answer in the middle: no rule can fire.
const neutral = () => uniformResponses();

const withScores = (scores: Record<number, AnswerScore>): Responses => ({
  ...neutral(),
  ...Object.fromEntries(Object.entries(scores).map(([n, score]) => [`q${n}`, score])),
});

const ids = (responses: Responses) => checkConsistency(responses).map((issue) => issue.id);

describe('checkConsistency', () => {
  it('finds nothing in middle answers', () => {
    expect(checkConsistency(neutral())).toEqual([]);
  });

  // Each threshold from both sides: one row on the contradiction, one just off it.
  it.each([
    ['risk-attitude-vs-staying-invested', { 1: 2, 9: 4 }, true],
    ['risk-attitude-vs-staying-invested', { 1: 3, 9: 4 }, false],
    ['risk-attitude-vs-staying-invested', { 1: 2, 9: 3 }, false],
    ['risk-attitude-vs-staying-invested', { 1: 4, 9: 2 }, true],
    ['risk-attitude-vs-staying-invested', { 1: 3, 9: 2 }, false],
    ['risk-attitude-vs-staying-invested', { 1: 4, 9: 3 }, false],
    ['risk-attitude-vs-largest-fall', { 1: 4, 3: 2 }, true],
    ['risk-attitude-vs-largest-fall', { 1: 3, 3: 2 }, false],
    ['risk-attitude-vs-largest-fall', { 1: 4, 3: 3 }, false],
    ['risk-attitude-vs-largest-fall', { 1: 2, 3: 4 }, false],
    ['buying-in-a-fall-vs-cash-kept-back', { 5: 4, 6: 4 }, true],
    ['buying-in-a-fall-vs-cash-kept-back', { 5: 3, 6: 4 }, false],
    ['buying-in-a-fall-vs-cash-kept-back', { 5: 4, 6: 3 }, false],
    ['buying-in-a-fall-vs-cash-kept-back', { 5: 1, 6: 1 }, false],
    ['managing-vs-staying-invested', { 7: 4, 9: 4 }, true],
    ['managing-vs-staying-invested', { 7: 3, 9: 4 }, false],
    ['managing-vs-staying-invested', { 7: 4, 9: 3 }, false],
    ['managing-vs-staying-invested', { 7: 2, 9: 2 }, true],
    ['managing-vs-staying-invested', { 7: 3, 9: 2 }, false],
    ['managing-vs-staying-invested', { 7: 2, 9: 3 }, false],
    ['managing-vs-staying-invested', { 7: 1, 9: 5 }, false],
    ['portfolio-choice-vs-falls-accepted', { 8: 4, 1: 2 }, true],
    ['portfolio-choice-vs-falls-accepted', { 8: 3, 1: 2 }, false],
    ['portfolio-choice-vs-falls-accepted', { 8: 4, 3: 2 }, true],
    ['portfolio-choice-vs-falls-accepted', { 8: 3, 3: 2 }, false],
    ['portfolio-choice-vs-falls-accepted', { 8: 4, 1: 3, 3: 3 }, false],
    ['return-expectation-vs-falls-accepted', { 2: 4, 1: 2 }, true],
    ['return-expectation-vs-falls-accepted', { 2: 3, 1: 2 }, false],
    ['return-expectation-vs-falls-accepted', { 2: 4, 3: 2 }, true],
    ['return-expectation-vs-falls-accepted', { 2: 3, 3: 2 }, false],
    ['return-expectation-vs-falls-accepted', { 2: 4, 1: 3, 3: 3 }, false],
  ] as const)('%s with %j: %s', (id, scores, flagged) => {
    expect(ids(withScores(scores))).toEqual(flagged ? [id] : []);
  });

  it('reports several contradictions at once, with their questions', () => {
    const issues = checkConsistency(withScores({ 1: 1, 2: 5, 8: 5, 9: 5, 7: 5 }));
    expect(issues.map((issue) => [issue.id, issue.questions])).toEqual([
      ['risk-attitude-vs-staying-invested', [1, 9]],
      ['managing-vs-staying-invested', [7, 9]],
      ['portfolio-choice-vs-falls-accepted', [1, 3, 8]],
      ['return-expectation-vs-falls-accepted', [1, 2, 3]],
    ]);
    for (const issue of issues) expect(consistencyIssueSchema.parse(issue)).toEqual(issue);
  });

  it('waits until every question of a rule is answered', () => {
    const responses: Responses = { q1: 1, q8: 5 };
    expect(ids(responses)).toEqual([]);
    expect(ids({ ...responses, q3: 4 })).toEqual(['portfolio-choice-vs-falls-accepted']);
  });

  it('ignores questions 13 to 18', () => {
    expect(checkConsistency({ ...neutral(), q13: 1, q14: 5, q15: 1, q16: 5, q17: 1, q18: 5 })).toEqual([]);
  });

  it.each([
    [
      'a consistently cautious client',
      { 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 4, 8: 1, 9: 1, 10: 1, 11: 1, 12: 1 },
    ],
    [
      'a consistently adventurous client',
      { 1: 5, 2: 5, 3: 5, 4: 5, 5: 3, 6: 5, 7: 3, 8: 5, 9: 5, 10: 5, 11: 5, 12: 5 },
    ],
  ] as const)('accepts %s', (_, scores) => {
    expect(checkConsistency(withScores(scores))).toEqual([]);
  });
});

describe('CONSISTENCY_RULES', () => {
  it('are the six product rules, each naming only scored questions', () => {
    expect(CONSISTENCY_RULES.map((rule) => rule.questions)).toEqual([
      [1, 9],
      [1, 3],
      [5, 6],
      [7, 9],
      [1, 3, 8],
      [1, 2, 3],
    ]);
    expect(new Set(CONSISTENCY_RULES.map((rule) => rule.id)).size).toBe(6);
    for (const rule of CONSISTENCY_RULES) {
      for (const number of rule.questions) expect(rule.suggestion).toContain(String(number));
    }
  });
});
