import { QUESTION_NUMBERS, type QuestionNumber } from './question-numbers';

export type ResponseKey = `q${QuestionNumber}`;

/** A stored answer: the score of the chosen option after its question's scoring array. */
export type AnswerScore = 1 | 2 | 3 | 4 | 5;

/** The position of an option, 0 for A to 4 for E. */
export type OptionIndex = 0 | 1 | 2 | 3 | 4;

export type Responses = Partial<Record<ResponseKey, AnswerScore>>;
export type CompleteResponses = Record<ResponseKey, AnswerScore>;

export function responseKey(number: QuestionNumber): ResponseKey {
  return `q${number}`;
}

export const RESPONSE_KEYS: readonly ResponseKey[] = QUESTION_NUMBERS.map(responseKey);

export function firstUnanswered(responses: Responses): QuestionNumber | undefined {
  return QUESTION_NUMBERS.find((number) => responses[responseKey(number)] === undefined);
}

export function unansweredQuestions(
  responses: Responses,
  numbers: readonly QuestionNumber[] = QUESTION_NUMBERS,
): QuestionNumber[] {
  return numbers.filter((number) => responses[responseKey(number)] === undefined);
}

export function isComplete(responses: Responses): responses is CompleteResponses {
  return firstUnanswered(responses) === undefined;
}

/** The part of a question that option scoring reads; questions.ts imports this module, not the reverse. */
type ScoredQuestion = { readonly number: QuestionNumber; readonly scoring: readonly AnswerScore[] };

export function scoreForOption(question: ScoredQuestion, optionIndex: number): AnswerScore {
  const score = question.scoring[optionIndex];
  if (!Number.isInteger(optionIndex) || score === undefined) {
    throw new RangeError(`Question ${question.number} has no option ${optionIndex}`);
  }
  return score;
}

export function optionForScore(question: ScoredQuestion, score: AnswerScore): OptionIndex {
  const index = question.scoring.indexOf(score);
  if (index === -1) throw new RangeError(`Question ${question.number} has no option scoring ${score}`);
  return index as OptionIndex;
}
