import { describe, expect, it } from 'vitest';
import { QUESTION_EVENT_IDS } from '../http/analytics';
import { QUESTION_SHORT_LABELS, questionLabel, questionShortId } from './question-labels';
import { QUESTIONS } from './questions';

describe('question labels', () => {
  it('name every question of the questionnaire, each differently and briefly', () => {
    const labels = QUESTIONS.map((q) => QUESTION_SHORT_LABELS[q.number]);
    expect(labels.every((label) => label.length > 0 && label.length <= 36)).toBe(true);
    expect(new Set(labels).size).toBe(QUESTIONS.length);
  });

  it('show the question number with its label, for every id the analytics carry', () => {
    expect(questionLabel('q4')).toBe('Q4 · Investment experience');
    expect(questionLabel('q18')).toBe('Q18 · Own profile estimate');
    expect(QUESTION_EVENT_IDS.map(questionLabel)).toEqual(
      QUESTIONS.map((q) => `Q${q.number} · ${QUESTION_SHORT_LABELS[q.number]}`),
    );
    expect(questionShortId('q12')).toBe('Q12');
  });

  it('leave an id that is no question as it is rather than invent a label', () => {
    expect(questionLabel('q19')).toBe('q19');
    expect(questionLabel('Q1')).toBe('Q1');
    expect(questionShortId('x')).toBe('x');
  });
});
