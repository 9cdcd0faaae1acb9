import {
  CONSISTENCY_RULES,
  type ConsistencyIssue,
  type ConsistencyRule,
  checkConsistency,
} from './consistency';
import {
  type ProfileName,
  profileForGroup,
  RISK_PROFILES,
  type RiskGroup,
  type RiskProfile,
} from './profiles';
import type { CompleteResponses } from './responses';
import {
  calculatePercentile,
  calculateRiskScore,
  comparePrediction,
  IncompleteResponsesError,
  type PredictionComparison,
  SCORING_RULES,
  type ScoringRules,
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

/** What a questionnaire version (versions.ts) lends the derivation; a version is one. */
export interface DerivationRules {
  scoring: ScoringRules;
  profiles: readonly RiskProfile[];
  consistencyRules: readonly ConsistencyRule[];
}

// Version 1's, without its wording: the page scores on its first screen without the questions' text.
const VERSION_1_DERIVATION: DerivationRules = {
  scoring: SCORING_RULES,
  profiles: RISK_PROFILES,
  consistencyRules: CONSISTENCY_RULES,
};

/**
 * Everything that follows from the answers, under a questionnaire version's rules. The browser calls it for instant feedback and every
 * service calls it again on the raw answers, never trusting derived values a client sends.
 */
export function deriveAssessment(
  responses: CompleteResponses,
  rules: DerivationRules = VERSION_1_DERIVATION,
): DerivedAssessment {
  const riskScore = calculateRiskScore(responses);
  // Question 18 scores 1-5 in profile order, so its score is the predicted group.
  const predictedGroup: RiskGroup | undefined = responses.q18;
  if (predictedGroup === undefined) throw new IncompleteResponsesError([18]);
  const riskGroup = scoreToGroup(riskScore, rules.scoring);
  return {
    riskScore,
    riskGroup,
    originalProfile: profileForGroup(riskGroup, rules.profiles).name,
    percentile: calculatePercentile(riskScore, rules.scoring),
    predictedGroup,
    prediction: comparePrediction(predictedGroup, riskGroup),
    consistencyWarnings: checkConsistency(responses, rules.consistencyRules),
  };
}
