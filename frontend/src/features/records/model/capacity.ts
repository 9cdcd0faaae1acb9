import {
  type CapacityRecord,
  capacityAcknowledgementText,
  capacityForLossText,
  noProfileFitsHorizonText,
  OVERRIDE_GRADE_TEXT,
  type RecordSummary,
  timeHorizonText,
} from '@risk-profile/contracts';

/**
 * The list's and the record's capacity badges, in words (never colour alone): "Review required"
 * for a profile chosen two or more groups above the recommendation, "Capacity warning" when the
 * chosen profile goes beyond the client's time horizon or capacity for loss.
 */
export function capacityBadges(summary: Pick<RecordSummary, 'adviserReview' | 'capacityWarning'>): string[] {
  return [
    ...(summary.adviserReview ? ['Review required'] : []),
    ...(summary.capacityWarning ? ['Capacity warning'] : []),
  ];
}

/** What each badge means, for its accessible description and tooltip. */
export const CAPACITY_BADGE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'Review required': "Chosen two or more groups above the recommendation: flagged for the adviser's review",
  'Capacity warning': "The chosen profile goes beyond the client's time horizon or capacity for loss",
};

/** The record page's capacity section, as the report shows it. */
export function capacityFacts(capacity: CapacityRecord): [string, string][] {
  const noFit = noProfileFitsHorizonText(capacity);
  return [
    ['Time horizon', timeHorizonText(capacity.timeHorizon)],
    ...(noFit === null ? [] : [['Time horizon fit', noFit] as [string, string]]),
    ['Capacity for loss', capacityForLossText(capacity.capacityForLoss)],
    ['Override', OVERRIDE_GRADE_TEXT[capacity.overrideGrade]],
    ['Warnings acknowledged', capacityAcknowledgementText(capacity)],
  ];
}
