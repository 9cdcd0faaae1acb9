import { type ConsistencyIssue, checkConsistency } from './consistency';
import { type ProfileName, profileForGroup, type RiskGroup } from './profiles';
import type { CompleteResponses } from './responses';
import {
  calculatePercentile,
  calculateRiskScore,
  comparePrediction,
  IncompleteResponsesError,
  type PredictionComparison,
  scoreToGroup,
} from './scoring';

export interface DerivedAssessment {
  riskScore: number;
  riskGroup: RiskGroup;
  originalProfile: ProfileName;
  percentile: number;
  /** The client's own estimate (question 18). */
  predictedGroup: RiskGroup;
  prediction: PredictionComparison;
  consistencyWarnings: ConsistencyIssue[];
}

/**
 * Everything that follows from the answers. The browser calls it for instant feedback and every
 * service calls it again on the raw answers, never trusting derived values a client sends.
 */
export function deriveAssessment(responses: CompleteResponses): DerivedAssessment {
  const riskScore = calculateRiskScore(responses);
  // Question 18 scores 1-5 in profile order, so its score is the predicted group.
  const predictedGroup: RiskGroup | undefined = responses.q18;
  if (predictedGroup === undefined) throw new IncompleteResponsesError([18]);
  const riskGroup = scoreToGroup(riskScore);
  return {
    riskScore,
    riskGroup,
    originalProfile: profileForGroup(riskGroup).name,
    percentile: calculatePercentile(riskScore),
    predictedGroup,
    prediction: comparePrediction(predictedGroup, riskGroup),
    consistencyWarnings: checkConsistency(responses),
  };
}
