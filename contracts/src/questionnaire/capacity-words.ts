import {
  CAPACITY_ACKNOWLEDGEMENT_STATEMENT,
  CAPACITY_LABELS,
  type CapacityForLoss,
  type OverrideGrade,
  PROFILE_MINIMUM_HORIZON_YEARS,
  TIME_HORIZON_BANDS,
  type TimeHorizon,
} from './capacity';

/*
 * The capacity record in the plain words every output shows (the report's email, text and PDF,
 * the adviser's and the admin's record page), so they all say the same thing the same way.
 */

/** Question 13's answer as a heading's value: "Within 3 years", "In 5 to 7 years". */
export function timeHorizonText(id: TimeHorizon): string {
  const band = Object.values(TIME_HORIZON_BANDS).find((b) => b.id === id)!;
  return band.label.charAt(0).toUpperCase() + band.label.slice(1);
}

export const capacityForLossText = (level: CapacityForLoss): string => CAPACITY_LABELS[level];

export const OVERRIDE_GRADE_TEXT: Readonly<Record<OverrideGrade, string>> = {
  none: 'None: the recommended profile was kept',
  noted: 'Noted: one group from the recommendation, or a lower-risk profile',
  review: "Flagged for the adviser's review: two or more groups above the recommendation",
};

/** Whether the client acknowledged the warnings, quoting what they confirmed when they did. */
export function capacityAcknowledgementText(record: {
  warnings: readonly unknown[];
  acknowledged: boolean;
}): string {
  if (record.warnings.length === 0) return 'No warnings to acknowledge';
  return record.acknowledged ? `Acknowledged: "${CAPACITY_ACKNOWLEDGEMENT_STATEMENT}"` : 'Not acknowledged';
}

/**
 * For the adviser's record and the report: why no profile suits the client's horizon, or null when
 * one does. A record made before the field existed reads it from its horizon: only "Within 3 years"
 * falls short of every profile.
 */
export function noProfileFitsHorizonText(record: {
  timeHorizon: TimeHorizon;
  noProfileFitsHorizon?: boolean | undefined;
}): string | null {
  if (!(record.noProfileFitsHorizon ?? record.timeHorizon === 'under-3')) return null;
  return `No Risk Profile suits the client's time horizon: they expect to need most of this money ${TIME_HORIZON_BANDS[1].label}, and even Conservative needs at least ${PROFILE_MINIMUM_HORIZON_YEARS[1]} years. The client was told that money needed this soon may suit cash or term deposits better, and to talk to their adviser; they were not asked to acknowledge an overreach.`;
}
