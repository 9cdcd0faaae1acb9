import { PROFILE_NAMES, type ProfileName, type RiskGroup } from './profiles';
import type { AnswerScore, CompleteResponses } from './responses';

/*
 * Capacity for loss, kept apart from risk tolerance (docs/product-rules.md, "Capacity for loss"):
 * questions 1-12 say how much risk the client is willing to take; questions 13-17 say how much
 * they can afford to take. The rule is written out as a table in the docs; this module is that
 * table as code, and nothing here depends on anything but the answers and the profile.
 */

/** Each profile's minimum time horizon in years and the deepest fall of its bad year, by group. */
export const PROFILE_MINIMUM_HORIZON_YEARS: Readonly<Record<RiskGroup, number>> = {
  1: 3,
  2: 4,
  3: 5,
  4: 7,
  5: 10,
};
export const PROFILE_WORST_BAD_YEAR_PERCENT: Readonly<Record<RiskGroup, number>> = {
  1: 8,
  2: 15,
  3: 22,
  4: 30,
  5: 40,
};

export const TIME_HORIZONS = ['under-3', '3-5', '5-7', '7-10', 'over-10'] as const;
export type TimeHorizon = (typeof TIME_HORIZONS)[number];

export interface TimeHorizonBand {
  id: TimeHorizon;
  /** How the client put it (question 13's option). */
  label: string;
  /** The fewest years the answer allows: the rule compares profiles with this. */
  years: number;
}

/** Question 13's answers, by score (1 is "Within 3 years"). */
export const TIME_HORIZON_BANDS: Readonly<Record<AnswerScore, TimeHorizonBand>> = {
  1: { id: 'under-3', label: 'within 3 years', years: 0 },
  2: { id: '3-5', label: 'in 3 to 5 years', years: 3 },
  3: { id: '5-7', label: 'in 5 to 7 years', years: 5 },
  4: { id: '7-10', label: 'in 7 to 10 years', years: 7 },
  5: { id: 'over-10', label: 'in more than 10 years', years: 10 },
};

export const CAPACITY_FOR_LOSS_LEVELS = ['low', 'moderate', 'high'] as const;
export type CapacityForLoss = (typeof CAPACITY_FOR_LOSS_LEVELS)[number];

/** The deepest bad-year fall (percent) each capacity can bear. */
export const CAPACITY_MAX_BAD_YEAR_PERCENT: Readonly<Record<CapacityForLoss, number>> = {
  low: 15,
  moderate: 30,
  high: 40,
};

export const CAPACITY_LABELS: Readonly<Record<CapacityForLoss, string>> = {
  low: 'Low',
  moderate: 'Moderate',
  high: 'High',
};

/**
 * Questions 14 to 17 (reliance, liquidity, reserve, income stability) each score 1 (least
 * capacity) to 5 (most); their sum runs from 4 to 20.
 */
export const CAPACITY_SCORE_LOW_AT_MOST = 10;
export const CAPACITY_SCORE_HIGH_AT_LEAST = 16;

/** The figures of the capacity rule in one questionnaire version (versions.ts). */
export interface CapacityRules {
  profileMinimumHorizonYears: Readonly<Record<RiskGroup, number>>;
  profileWorstBadYearPercent: Readonly<Record<RiskGroup, number>>;
  timeHorizonBands: Readonly<Record<AnswerScore, TimeHorizonBand>>;
  capacityMaxBadYearPercent: Readonly<Record<CapacityForLoss, number>>;
  capacityScoreLowAtMost: number;
  capacityScoreHighAtLeast: number;
}

/** Version 1's: the default of every function below. */
export const CAPACITY_RULES: CapacityRules = {
  profileMinimumHorizonYears: PROFILE_MINIMUM_HORIZON_YEARS,
  profileWorstBadYearPercent: PROFILE_WORST_BAD_YEAR_PERCENT,
  timeHorizonBands: TIME_HORIZON_BANDS,
  capacityMaxBadYearPercent: CAPACITY_MAX_BAD_YEAR_PERCENT,
  capacityScoreLowAtMost: CAPACITY_SCORE_LOW_AT_MOST,
  capacityScoreHighAtLeast: CAPACITY_SCORE_HIGH_AT_LEAST,
};

export interface CapacityAssessment {
  timeHorizon: TimeHorizonBand;
  /** q14 + q15 + q16 + q17, 4 to 20. */
  capacityScore: number;
  capacityForLoss: CapacityForLoss;
  /** The highest group whose minimum horizon the client's horizon meets; 0 when none does. */
  maxGroupForHorizon: RiskGroup | 0;
  /** The highest group whose bad year the capacity for loss can bear. */
  maxGroupForCapacity: RiskGroup;
}

const groups: readonly RiskGroup[] = [1, 2, 3, 4, 5];

/**
 * Low when the answers add up to 10 or less, or the client will rely on this money completely
 * (question 14's last option) or holds no emergency reserve while likely to need the money at
 * short notice; high when they add up to 16 or more with no answer below 3; moderate otherwise.
 */
export function capacityForLoss(
  responses: Pick<CompleteResponses, 'q14' | 'q15' | 'q16' | 'q17'>,
  rules: CapacityRules = CAPACITY_RULES,
): {
  capacityScore: number;
  capacityForLoss: CapacityForLoss;
} {
  const answers = [responses.q14, responses.q15, responses.q16, responses.q17];
  const capacityScore = answers.reduce<number>((sum, score) => sum + score, 0);
  const reliesCompletely = responses.q14 === 1;
  const noReserveAndNeedsCash = responses.q16 === 1 && responses.q15 <= 2;
  if (capacityScore <= rules.capacityScoreLowAtMost || reliesCompletely || noReserveAndNeedsCash) {
    return { capacityScore, capacityForLoss: 'low' };
  }
  if (capacityScore >= rules.capacityScoreHighAtLeast && answers.every((score) => score >= 3)) {
    return { capacityScore, capacityForLoss: 'high' };
  }
  return { capacityScore, capacityForLoss: 'moderate' };
}

export function deriveCapacity(
  responses: Pick<CompleteResponses, 'q13' | 'q14' | 'q15' | 'q16' | 'q17'>,
  rules: CapacityRules = CAPACITY_RULES,
): CapacityAssessment {
  const timeHorizon = rules.timeHorizonBands[responses.q13];
  const capacity = capacityForLoss(responses, rules);
  const maxBadYear = rules.capacityMaxBadYearPercent[capacity.capacityForLoss];
  const maxGroupForHorizon = groups.reduce<RiskGroup | 0>(
    (max, group) => (rules.profileMinimumHorizonYears[group] <= timeHorizon.years ? group : max),
    0,
  );
  const maxGroupForCapacity = groups.reduce<RiskGroup>(
    (max, group) => (rules.profileWorstBadYearPercent[group] <= maxBadYear ? group : max),
    1,
  );
  return { timeHorizon, ...capacity, maxGroupForHorizon, maxGroupForCapacity };
}

export const CAPACITY_WARNING_IDS = ['horizon', 'capacity-for-loss'] as const;
export type CapacityWarningId = (typeof CAPACITY_WARNING_IDS)[number];

export interface CapacityWarning {
  id: CapacityWarningId;
  title: string;
  /** Plain words for the client, the adviser and the report. */
  message: string;
}

const groupOf = (profile: ProfileName): RiskGroup => (PROFILE_NAMES.indexOf(profile) + 1) as RiskGroup;

/**
 * No profile's minimum horizon is met (question 13 "Within 3 years"): the client is told so
 * plainly instead of being asked to acknowledge an overreach they did not choose.
 */
export const noProfileFitsHorizon = (capacity: Pick<CapacityAssessment, 'maxGroupForHorizon'>): boolean =>
  capacity.maxGroupForHorizon === 0;

/** What the client reads when no profile suits their horizon (docs/product-rules.md). */
export const NO_PROFILE_FITS_HORIZON = {
  title: 'No Risk Profile suits money you need within 3 years',
  message: `Every Risk Profile, even Conservative, suits money that can stay invested for at least ${PROFILE_MINIMUM_HORIZON_YEARS[1]} years, and you expect to need most of this money within 3 years. Money you need this soon may suit cash or term deposits better than any investment portfolio. Please talk to your adviser before you invest it.`,
} as const;

/**
 * What the chosen (or recommended) profile asks beyond the client's horizon and capacity for loss.
 * Conservative, the most cautious profile, never carries the horizon warning: when even it is
 * beyond the horizon, no profile suits it (`noProfileFitsHorizon`), which is no choice of the client's.
 */
export function capacityWarnings(
  capacity: CapacityAssessment,
  profile: ProfileName,
  rules: CapacityRules = CAPACITY_RULES,
): CapacityWarning[] {
  const group = groupOf(profile);
  const warnings: CapacityWarning[] = [];
  const minimumYears = rules.profileMinimumHorizonYears[group];
  if (group > 1 && minimumYears > capacity.timeHorizon.years) {
    warnings.push({
      id: 'horizon',
      title: 'Time horizon shorter than the profile needs',
      message: `The ${profile} profile suits money that can stay invested for at least ${minimumYears} years, but you expect to need most of this money ${capacity.timeHorizon.label}. If you need it before a fall in value has had time to recover, you could lose part of it.`,
    });
  }
  const worstFall = rules.profileWorstBadYearPercent[group];
  const bearable = rules.capacityMaxBadYearPercent[capacity.capacityForLoss];
  if (worstFall > bearable) {
    warnings.push({
      id: 'capacity-for-loss',
      title: 'Losses beyond your capacity for loss',
      message: `In a bad year the ${profile} profile can fall by as much as ${worstFall}%. Your answers about how much you rely on this money, how soon you may need it, your emergency savings and your income give a ${capacity.capacityForLoss} capacity for loss, which can bear a fall of about ${bearable}% at most without affecting your standard of living or your plans.`,
    });
  }
  return warnings;
}

/** What the client confirms when the profile they keep or choose goes beyond their horizon or capacity. */
export const CAPACITY_ACKNOWLEDGEMENT_STATEMENT =
  'I understand that the Risk Profile I have chosen goes beyond my time horizon or my capacity for loss, as explained above, and that I could lose money I need. I still want this Risk Profile.';

/**
 * How far a chosen profile moves from the recommended one: none; noted (one group either way, or
 * any number of groups down, which lowers the risk); review (two or more groups up), which needs a
 * reason of at least MIN_REVIEW_REASON_LENGTH characters and is flagged for the adviser's review.
 */
export const OVERRIDE_GRADES = ['none', 'noted', 'review'] as const;
export type OverrideGrade = (typeof OVERRIDE_GRADES)[number];

export const MIN_REVIEW_REASON_LENGTH = 40;

export function overrideGrade(recommended: ProfileName, chosen: ProfileName): OverrideGrade {
  const steps = groupOf(chosen) - groupOf(recommended);
  if (steps === 0) return 'none';
  return steps >= 2 ? 'review' : 'noted';
}

/** Everything the service records about capacity and the override, recomputed from the answers. */
export interface CapacityOutcome {
  capacity: CapacityAssessment;
  warnings: CapacityWarning[];
  overrideGrade: OverrideGrade;
  /** Flagged for the adviser's review (the report's subject, the adviser's and the admin's lists). */
  adviserReview: boolean;
  /** No profile suits the client's time horizon: said to the client and recorded, not acknowledged. */
  noProfileFitsHorizon: boolean;
}

export function capacityOutcome(
  responses: CompleteResponses,
  recommended: ProfileName,
  chosen: ProfileName,
  rules: CapacityRules = CAPACITY_RULES,
): CapacityOutcome {
  const capacity = deriveCapacity(responses, rules);
  const grade = overrideGrade(recommended, chosen);
  return {
    capacity,
    warnings: capacityWarnings(capacity, chosen, rules),
    overrideGrade: grade,
    adviserReview: grade === 'review',
    noProfileFitsHorizon: noProfileFitsHorizon(capacity),
  };
}

/** The capacity record as the events carry it (capacity.schema.ts); `noProfileFitsHorizon` is absent on older ones. */
export interface CapacityRecordShape {
  timeHorizon: TimeHorizon;
  capacityForLoss: CapacityForLoss;
  capacityScore: number;
  warnings: { id: CapacityWarningId; title: string; message: string }[];
  acknowledged: boolean;
  overrideGrade: OverrideGrade;
  adviserReview: boolean;
  noProfileFitsHorizon?: boolean | undefined;
}

/** The record the events carry, from the outcome and whether the client acknowledged its warnings. */
export function capacityRecord(outcome: CapacityOutcome, acknowledged: boolean): CapacityRecordShape {
  return {
    timeHorizon: outcome.capacity.timeHorizon.id,
    capacityForLoss: outcome.capacity.capacityForLoss,
    capacityScore: outcome.capacity.capacityScore,
    warnings: outcome.warnings.map(({ id, title, message }) => ({ id, title, message })),
    acknowledged: outcome.warnings.length > 0 && acknowledged,
    overrideGrade: outcome.overrideGrade,
    adviserReview: outcome.adviserReview,
    noProfileFitsHorizon: outcome.noProfileFitsHorizon,
  };
}

/**
 * The capacity record of an event: the one it carries, or, for an event published before capacity
 * was recorded, the one its answers give under `rules` (never acknowledged, since nobody was asked).
 */
export function capacityRecordOf(
  data: {
    capacity?: CapacityRecordShape | undefined;
    responses: CompleteResponses;
    originalProfile: ProfileName;
    selectedProfile: ProfileName;
  },
  rules: CapacityRules = CAPACITY_RULES,
): CapacityRecordShape {
  return (
    data.capacity ??
    capacityRecord(capacityOutcome(data.responses, data.originalProfile, data.selectedProfile, rules), false)
  );
}
