import type { AnswerScore, CompleteResponses } from '../questionnaire';
import { RESPONSE_KEYS } from '../questionnaire';

/**
 * All 18 answers at one score (3 by default: score 36, Balanced, no consistency issue), with
 * any answers overridden. The one "18 answers" fixture every test builds on.
 */
export function uniformResponses(
  score: AnswerScore = 3,
  overrides: Partial<CompleteResponses> = {},
): CompleteResponses {
  return {
    ...(Object.fromEntries(RESPONSE_KEYS.map((key) => [key, score])) as CompleteResponses),
    ...overrides,
  };
}
