import type { RiskGroup } from './profiles';
import { MAX_RISK_SCORE, SCORING_RULES, type ScoringRules, scoreToGroup } from './scoring';

/*
 * The percentile in words (docs/questionnaire.md, "Score, group, percentile"). The percentile
 * places the score among the questionnaire's norms (scores treated as normal, mean 50, standard
 * deviation 15 in version 1); the group comes from fixed score bands. Both are the record's own
 * questionnaire version's (`rules`), never today's. A score of 56 is group 5 of 5 and
 * "higher than 66% of all scores": both are right, and every output says why in the same words.
 */

export const MIN_RISK_SCORE = 12;

/** The scores of a group, both ends included: group 5 is 56 to 60. */
export function groupScoreBand(
  group: RiskGroup,
  rules: ScoringRules = SCORING_RULES,
): { from: number; to: number } {
  const from = group === 1 ? MIN_RISK_SCORE : rules.groupUpperBounds[group - 2]! + 1;
  const to = group === 5 ? MAX_RISK_SCORE : rules.groupUpperBounds[group - 1]!;
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
export function percentileExplanation(riskScore: number, rules: ScoringRules = SCORING_RULES): string {
  const group = scoreToGroup(riskScore, rules);
  const band = groupScoreBand(group, rules);
  return `This compares your score of ${riskScore} with the questionnaire's norms, in which the average score is ${rules.percentileMean} out of ${MAX_RISK_SCORE}. Your risk group is not a ranking against other people: it comes from fixed score bands, and group ${group} is a score of ${band.from} to ${band.to}.`;
}

/** For the adviser's record and the report: the percentile, its norms, and how the group relates to it. */
export function percentileRecordText(
  riskScore: number,
  percentile: number,
  rules: ScoringRules = SCORING_RULES,
): string {
  const group = scoreToGroup(riskScore, rules);
  const band = groupScoreBand(group, rules);
  return `${ordinal(percentile)} percentile: higher than ${percentile}% of all scores in the questionnaire's norms (scores treated as normal with mean ${rules.percentileMean} and standard deviation ${rules.percentileStandardDeviation}). The risk group comes from fixed score bands (group ${group} is ${band.from} to ${band.to}), not from the percentile.`;
}
