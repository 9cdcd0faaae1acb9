import { describe, expect, it } from 'vitest';
import { PROFILE_NAMES } from './profiles';
import { QUESTION_COUNT, QUESTION_NUMBERS, SCORED_QUESTION_COUNT } from './question-numbers';
import { QUESTIONS, SECTIONS } from './questions';

const NATURAL = [1, 2, 3, 4, 5];
const REVERSED = [5, 4, 3, 2, 1];

describe('QUESTIONS', () => {
  it('holds 18 questions numbered 1 to 18 with ids q1 to q18', () => {
    expect(QUESTIONS).toHaveLength(QUESTION_COUNT);
    expect(QUESTION_COUNT).toBe(18);
    expect(QUESTIONS.map((q) => q.number)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(QUESTIONS.map((q) => q.id)).toEqual(Array.from({ length: 18 }, (_, i) => `q${i + 1}`));
    expect(QUESTION_NUMBERS).toEqual(QUESTIONS.map((q) => q.number));
  });

  it.each(QUESTIONS.map((q) => [q.number, q] as const))(
    'question %i has text, help, five distinct options and a monotone scoring',
    (_, question) => {
      expect(question.text.length).toBeGreaterThan(10);
      expect(question.explanation.length).toBeGreaterThan(20);
      expect(question.options).toHaveLength(5);
      expect(new Set(question.options).size).toBe(5);
      expect([NATURAL, REVERSED]).toContainEqual([...question.scoring]);
    },
  );

  it('scores questions 1-12 and puts several reverse-scored items among them', () => {
    expect(SCORED_QUESTION_COUNT).toBe(12);
    const reversed = QUESTIONS.slice(0, 12).filter((q) => q.scoring[0] === 5);
    expect(reversed.length).toBeGreaterThanOrEqual(3);
  });

  it('ends with the self-estimate, whose options are the profiles in group order', () => {
    const estimate = QUESTIONS[17]!;
    expect(estimate.isEstimate).toBe(true);
    expect(estimate.options).toEqual(PROFILE_NAMES);
    expect(estimate.scoring).toEqual(NATURAL);
    expect(QUESTIONS.filter((q) => q.isEstimate)).toHaveLength(1);
  });
});

describe('SECTIONS', () => {
  it('covers every question once, in order: A 1-12, B 13-17, the estimate 18', () => {
    expect(SECTIONS.map((s) => [s.id, s.title, s.questionNumbers])).toEqual([
      ['A', 'Risk Tolerance', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
      ['B', 'Capacity and Constraints', [13, 14, 15, 16, 17]],
      ['estimate', 'Your Own View', [18]],
    ]);
    for (const section of SECTIONS) {
      for (const number of section.questionNumbers) expect(QUESTIONS[number - 1]!.section).toBe(section.id);
    }
  });
});
