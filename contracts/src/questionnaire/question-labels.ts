import { QUESTION_NUMBERS, type QuestionNumber } from './question-numbers';

/**
 * A few words naming each question, drawn from its text in questions.ts, for places that list
 * questions without room for the whole text (the admin dashboard). Kept apart from the texts so
 * the dashboard does not download the questionnaire.
 */
export const QUESTION_SHORT_LABELS: Readonly<Record<QuestionNumber, string>> = {
  1: 'Attitude to investment risk',
  2: 'Expected return above inflation',
  3: 'Largest acceptable yearly fall',
  4: 'Investment experience',
  5: 'Reaction to a 20% fall',
  6: 'Share in growth investments',
  7: 'Managing the investment',
  8: 'Portfolio choice',
  9: 'Staying invested after a fall',
  10: 'Years with a loss accepted',
  11: 'Willingness compared with others',
  12: 'Falls versus rising prices',
  13: 'When the money is needed',
  14: 'Reliance for living costs',
  15: 'Withdrawals at short notice',
  16: 'Emergency cash savings',
  17: 'Income security',
  18: 'Own profile estimate',
};

const NUMBER_OF_ID = new Map<string, QuestionNumber>(QUESTION_NUMBERS.map((n) => [`q${n}`, n]));

/** "Q5 · Reaction to a 20% fall" for `q5`; an id that is no question is shown as it is. */
export function questionLabel(questionId: string): string {
  const number = NUMBER_OF_ID.get(questionId);
  return number === undefined ? questionId : `Q${number} · ${QUESTION_SHORT_LABELS[number]}`;
}

/** "Q5" for `q5`: where even the short text does not fit (a chart's axis). */
export function questionShortId(questionId: string): string {
  const number = NUMBER_OF_ID.get(questionId);
  return number === undefined ? questionId : `Q${number}`;
}
