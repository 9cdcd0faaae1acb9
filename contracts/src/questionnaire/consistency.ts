import type { QuestionNumber } from './question-numbers';
import { type AnswerScore, type Responses, responseKey, unansweredQuestions } from './responses';

export interface ConsistencyIssue {
  id: string;
  title: string;
  explanation: string;
  suggestion: string;
  questions: number[];
}

export interface ConsistencyRule {
  id: string;
  title: string;
  explanation: string;
  suggestion: string;
  questions: readonly QuestionNumber[];
  /** True when the answers contradict each other; only asked once every question above is answered. */
  test(responses: Responses): boolean;
}

// Scores run from 1 (most cautious) to 5 (most risk-seeking) on every question.
const high = (responses: Responses, number: QuestionNumber) => atLeast(responses, number, 4);
const low = (responses: Responses, number: QuestionNumber) => atMost(responses, number, 2);

function atLeast(responses: Responses, number: QuestionNumber, floor: AnswerScore): boolean {
  const score = responses[responseKey(number)];
  return score !== undefined && score >= floor;
}

function atMost(responses: Responses, number: QuestionNumber, ceiling: AnswerScore): boolean {
  const score = responses[responseKey(number)];
  return score !== undefined && score <= ceiling;
}

const reconsider = (questions: string) =>
  `Please look again at ${questions} and choose the answers that best describe how you would really feel and act.`;

export const CONSISTENCY_RULES: readonly ConsistencyRule[] = [
  {
    // Q1 states how much fall in value the client accepts; Q9 asks whether they would sit through
    // a sharp fall for years. "Avoid falls" with "would wait years" (or "accept large falls" with
    // "would not wait") cannot both be true.
    id: 'risk-attitude-vs-staying-invested',
    title: 'Your attitude to risk and your response to a market fall do not match',
    explanation:
      'In question 1 you described how much of a fall in value you can accept, and in question 9 whether you would stay invested through a sharp fall. One answer says you are comfortable with large falls and the other says you are not.',
    suggestion: reconsider('questions 1 and 9'),
    questions: [1, 9],
    test: (r) => (low(r, 1) && high(r, 9)) || (high(r, 1) && low(r, 9)),
  },
  {
    // Q1 high accepts large falls for higher returns; Q3 low caps the acceptable one-year fall
    // at 10%, which is not a large fall.
    id: 'risk-attitude-vs-largest-fall',
    title: 'The falls you accept in general and in a single year do not match',
    explanation:
      'In question 1 you said you can accept large falls in value for higher returns, but in question 3 you said the most you could accept in a single year is a fall of 10% or less.',
    suggestion: reconsider('questions 1 and 3'),
    questions: [1, 3],
    test: (r) => high(r, 1) && low(r, 3),
  },
  {
    // Q5 high plans to invest cash kept aside for a fall; Q6 high keeps no such cash back (all,
    // or all but an emergency amount, goes into growth now). The reserve cannot both exist and not.
    id: 'buying-in-a-fall-vs-cash-kept-back',
    title: 'Your plan for a market fall needs cash you said you would not keep',
    explanation:
      'In question 5 you said that if markets fell you would invest extra cash you keep set aside for that purpose, but in question 6 you said you would put all or nearly all of your money into growth investments, keeping nothing back beyond an emergency amount.',
    suggestion: reconsider('questions 5 and 6'),
    questions: [5, 6],
    test: (r) => high(r, 5) && high(r, 6),
  },
  {
    // Q7 and Q9 mirror each other: Q7 asks whether the client would change the investment because
    // markets moved, Q9 whether they would leave it alone after a sharp fall. "Change it when
    // markets move" with "leave it alone" (both high), or "never change it because of markets" with
    // "would not leave it alone" (both low), cannot both be true.
    id: 'managing-vs-staying-invested',
    title: 'Your answers about managing your investments and about a market fall contradict each other',
    explanation:
      'Question 7 asks whether you would change this investment because markets have moved, and question 9 whether you would leave your investments alone after a sharp fall. These are opposites, so choosing both, or ruling out both, is a contradiction.',
    suggestion: reconsider('questions 7 and 9'),
    questions: [7, 9],
    test: (r) => (high(r, 7) && high(r, 9)) || (low(r, 7) && low(r, 9)),
  },
  {
    // Q8 high picks a portfolio that can fall 25% or more in a bad year; Q1 low wants to avoid
    // falls or accept only small ones, and Q3 low caps a year's fall at 10%.
    id: 'portfolio-choice-vs-falls-accepted',
    title: 'The portfolio you chose can fall more than you said you could accept',
    explanation:
      'In question 8 you chose a portfolio that could fall by $25,000 or more on $100,000 in a bad year, but in question 1 or question 3 you said you want to avoid falls or can accept only small ones.',
    suggestion: reconsider('questions 1, 3 and 8'),
    questions: [1, 3, 8],
    test: (r) => high(r, 8) && (low(r, 1) || low(r, 3)),
  },
  {
    // Q2 high expects 3% or more a year above inflation, a return that has historically needed growth
    // investments that fall well over 10% in bad years; Q1 or Q3 low rejects such falls.
    id: 'return-expectation-vs-falls-accepted',
    title: 'The return you expect needs more risk than you said you would accept',
    explanation:
      'In question 2 you said you expect a return of 3% or more a year above inflation. Over the long term, returns like that have come from investments such as shares and property, which can fall by well over 10% in a bad year, but in question 1 or question 3 you said you want to avoid falls or can accept only small ones.',
    suggestion: reconsider('questions 1, 2 and 3'),
    questions: [1, 2, 3],
    test: (r) => high(r, 2) && (low(r, 1) || low(r, 3)),
  },
];

/**
 * The contradictions among the answers to questions 1-12. A rule is checked only once all of
 * its questions are answered, so no warning points at a question the client has not reached.
 * `rules` are a questionnaire version's (versions.ts); version 1's by default.
 */
export function checkConsistency(
  responses: Responses,
  rules: readonly ConsistencyRule[] = CONSISTENCY_RULES,
): ConsistencyIssue[] {
  return rules
    .filter((rule) => unansweredQuestions(responses, rule.questions).length === 0 && rule.test(responses))
    .map(({ id, title, explanation, suggestion, questions }) => ({
      id,
      title,
      explanation,
      suggestion,
      questions: [...questions],
    }));
}
