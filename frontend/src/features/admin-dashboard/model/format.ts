import { formatPercent, questionLabel, type RecentAssessmentStatus } from '@risk-profile/contracts';
import { dateFormats } from '../../../lib/time-zone';

/**
 * 'MMM d, yyyy h:mm a' in the firm's zone (the server's REPORT_TIME_ZONE), named, e.g.
 * "Nov 22, 2026 3:04 PM AEDT" (contracts' formatAdminDateTime); "…" until the zone is known.
 */
export function formatAdminDate(iso: string, timeZone: string | undefined): string {
  return dateFormats(timeZone).admin(iso);
}

/** One decimal, always shown ("2.0"), as the dashboard's figures are. */
export function oneDecimal(value: number): string {
  return value.toFixed(1);
}

/** What the recent list calls a draft (started at "Yes, I agree") and a signed assessment. */
export const ASSESSMENT_STATUS_LABELS: Record<RecentAssessmentStatus, string> = {
  started: 'Started',
  signed: 'Signed',
};

/** The completion rate to one decimal, or N/A when there was nothing to divide. */
export function completionRateText(rate: number | null): string {
  return rate === null ? 'N/A' : formatPercent(rate);
}

/** The share of signed assessments with a capacity warning, or N/A when none was signed. */
export function capacityWarningShareText(share: number | null): string {
  return share === null ? 'N/A' : formatPercent(share);
}

/** The share of assessments made in households, or N/A when none was started. */
export function householdShareText(share: number | null): string {
  return share === null ? 'N/A' : formatPercent(share);
}

/** "Q4 · Investment experience", or N/A when no question stands out as difficult. */
export function mostDifficultText(questionId: string | null): string {
  return questionId === null ? 'N/A' : questionLabel(questionId);
}
