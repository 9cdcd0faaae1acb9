import {
  CAPACITY_ACKNOWLEDGEMENT_STATEMENT,
  CAPACITY_LABELS,
  type CapacityForLoss,
  type OverrideGrade,
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
