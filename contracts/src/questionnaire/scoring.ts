import type { RiskGroup } from './profiles';
import { type QuestionNumber, SCORED_QUESTION_NUMBERS } from './question-numbers';
import { type Responses, responseKey, unansweredQuestions } from './responses';

export const MAX_RISK_SCORE = 60;

/** Thrown when a score is asked for before every scored question is answered. */
export class IncompleteResponsesError extends Error {
  readonly code = 'INCOMPLETE_RESPONSES';
  constructor(readonly missing: readonly QuestionNumber[]) {
    super(`Questions not answered: ${missing.join(', ')}`);
    this.name = 'IncompleteResponsesError';
  }
}

/** The sum of questions 1 to 12 (12 to 60). */
export function calculateRiskScore(responses: Responses): number {
  const missing = unansweredQuestions(responses, SCORED_QUESTION_NUMBERS);
  if (missing.length > 0) throw new IncompleteResponsesError(missing);
  return SCORED_QUESTION_NUMBERS.reduce((sum, number) => sum + (responses[responseKey(number)] ?? 0), 0);
}

/** Upper bound (inclusive) of groups 1 to 4; anything above the last is group 5. */
export const GROUP_UPPER_BOUNDS = [25, 35, 45, 55] as const;

export const PERCENTILE_MEAN = 50;
export const PERCENTILE_STANDARD_DEVIATION = 15;

/**
 * The score bands and the norms of one questionnaire version (versions.ts): a new version may move
 * a band or renorm, and a record is always placed by its own version's.
 */
export interface ScoringRules {
  /** Upper bound (inclusive) of groups 1 to 4; anything above the last is group 5. */
  groupUpperBounds: readonly [number, number, number, number];
  percentileMean: number;
  percentileStandardDeviation: number;
}

/** Version 1's bands and norms; the default of every function below, which the page bundles. */
export const SCORING_RULES: ScoringRules = {
  groupUpperBounds: GROUP_UPPER_BOUNDS,
  percentileMean: PERCENTILE_MEAN,
  percentileStandardDeviation: PERCENTILE_STANDARD_DEVIATION,
};

export function scoreToGroup(score: number, rules: ScoringRules = SCORING_RULES): RiskGroup {
  if (!Number.isFinite(score)) throw new RangeError(`Not a risk score: ${score}`);
  const index = rules.groupUpperBounds.findIndex((bound) => score <= bound);
  return (index === -1 ? 5 : index + 1) as RiskGroup;
}

/**
 * The error function by Abramowitz and Stegun, Handbook of Mathematical Functions, formula
 * 7.1.26: absolute error below 1.5e-7, far finer than the whole-percent result needs.
 */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const polynomial =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - polynomial * Math.exp(-a * a));
}

export function normalCdf(x: number, mean: number, standardDeviation: number): number {
  return 0.5 * (1 + erf((x - mean) / (standardDeviation * Math.SQRT2)));
}

/** The share of all scores below this one, treating scores as normal (version 1: mean 50, sd 15); 1 to 99. */
export function calculatePercentile(score: number, rules: ScoringRules = SCORING_RULES): number {
  if (!Number.isFinite(score)) throw new RangeError(`Not a risk score: ${score}`);
  const norm = normalCdf(score, rules.percentileMean, rules.percentileStandardDeviation);
  const percent = Math.round(norm * 100);
  return Math.min(99, Math.max(1, percent));
}

export interface PredictionComparison {
  /** How many groups apart the prediction and the result are (0 to 4). */
  difference: number;
  /** The actual group relative to the predicted one. */
  direction: 'same' | 'higher' | 'lower';
  text: string;
}

// docs/product-rules.md: 0 perfect, 1 slightly, 2 plain, 3 or more significantly.
const DEGREE: Readonly<Record<number, string>> = { 1: 'slightly ', 2: '' };

export function comparePrediction(predictedGroup: RiskGroup, actualGroup: RiskGroup): PredictionComparison {
  const signed = actualGroup - predictedGroup;
  const difference = Math.abs(signed);
  if (signed === 0) {
    return { difference, direction: 'same', text: 'You predicted your risk profile perfectly.' };
  }
  const direction = signed > 0 ? 'higher' : 'lower';
  const degree = DEGREE[difference] ?? 'significantly ';
  return {
    difference,
    direction,
    text: `Your actual risk tolerance is ${degree}${direction} than you predicted.`,
  };
}

/**
 * The same comparison told about the client rather than to them, for what the adviser reads:
 * "The client's actual risk tolerance is lower than they predicted."
 */
export function describePredictionToAdviser(comparison: PredictionComparison): string {
  if (comparison.direction === 'same') return 'The client predicted their risk profile perfectly.';
  const degree = DEGREE[comparison.difference] ?? 'significantly ';
  return `The client's actual risk tolerance is ${degree}${comparison.direction} than they predicted.`;
}
