import type { RiskGroup } from './profiles';
import {
  GROUP_UPPER_BOUNDS,
  MAX_RISK_SCORE,
  PERCENTILE_MEAN,
  PERCENTILE_STANDARD_DEVIATION,
  scoreToGroup,
} from './scoring';

/*
 * The percentile in words (docs/questionnaire.md, "Score, group, percentile"). The percentile
 * places the score among the questionnaire's norms (scores treated as normal, mean 50, standard
 * deviation 15); the group comes from fixed score bands. A score of 56 is group 5 of 5 and
 * "higher than 66% of all scores": both are right, and every output says why in the same words.
 */

export const MIN_RISK_SCORE = 12;

/** The scores of a group, both ends included: group 5 is 56 to 60. */
export function groupScoreBand(group: RiskGroup): { from: number; to: number } {
  const from = group === 1 ? MIN_RISK_SCORE : GROUP_UPPER_BOUNDS[group - 2]! + 1;
  const to = group === 5 ? MAX_RISK_SCORE : GROUP_UPPER_BOUNDS[group - 1]!;
  return { from, to };
}

/** The results step's figure, in the specification's words. */
export const percentileText = (percentile: number): string => `Higher than ${percentile}% of all scores`;

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** For the client, under the figure: what it compares with, and why the group can read higher. */
export function percentileExplanation(riskScore: number): string {
  const group = scoreToGroup(riskScore);
  const band = groupScoreBand(group);
  return `This compares your score of ${riskScore} with the questionnaire's norms, in which the average score is ${PERCENTILE_MEAN} out of ${MAX_RISK_SCORE}. Your risk group is not a ranking against other people: it comes from fixed score bands, and group ${group} is a score of ${band.from} to ${band.to}.`;
}

/** For the adviser's record and the report: the percentile, its norms, and how the group relates to it. */
export function percentileRecordText(riskScore: number, percentile: number): string {
  const group = scoreToGroup(riskScore);
  const band = groupScoreBand(group);
  return `${ordinal(percentile)} percentile: higher than ${percentile}% of all scores in the questionnaire's norms (scores treated as normal with mean ${PERCENTILE_MEAN} and standard deviation ${PERCENTILE_STANDARD_DEVIATION}). The risk group comes from fixed score bands (group ${group} is ${band.from} to ${band.to}), not from the percentile.`;
}
