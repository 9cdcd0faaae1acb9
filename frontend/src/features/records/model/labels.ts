import type {
  AccessLogAction,
  DeliveryStatus,
  RecordDelivery,
  RecordStatus,
  RecordSummary,
} from '@risk-profile/contracts';

export const RECORD_STATUS_LABELS: Readonly<Record<RecordStatus, string>> = {
  in_progress: 'In progress',
  signed: 'Signed',
};

export const DELIVERY_STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'Pending',
  sent: 'Sent',
  // Written to the outbox folder on the server: no mail server or SMS provider is configured.
  saved: 'Saved in the outbox, not sent',
  failed: 'Failed',
  suppressed: 'Not sent (address suppressed)',
};

const DELIVERY_KIND_LABELS: Readonly<Record<RecordDelivery['kind'], string>> = {
  'adviser-report': 'Report to the adviser',
  'client-report': 'Report to the client',
  // The channel is said after the kind ("by SMS"), so the kind does not repeat it.
  'client-sms': 'Profile to the client',
  'link-email': 'Questionnaire link',
  'link-sms': 'Questionnaire link',
};

export const ACCESS_LOG_ACTION_LABELS: Readonly<Record<AccessLogAction, string>> = {
  'record-view': 'Record viewed',
  'report-download': 'Report downloaded',
  'report-resend': 'Report resent',
  export: 'List exported',
  'subject-export': 'Client data exported',
  'household-view': 'Household viewed',
};

/** "Report to the client (resent) by email to jane@example.com". */
export function deliveryDescription(delivery: RecordDelivery): string {
  const resent = delivery.resend ? ' (resent)' : '';
  const channel = delivery.channel === 'email' ? 'by email' : 'by SMS';
  return `${DELIVERY_KIND_LABELS[delivery.kind]}${resent} ${channel} to ${delivery.recipient}`;
}

/** The report column: where the adviser's report stands, or why there is none. */
export function reportDeliveryLabel(summary: Pick<RecordSummary, 'status' | 'reportDelivery'>): string {
  if (summary.reportDelivery) return DELIVERY_STATUS_LABELS[summary.reportDelivery.status];
  return summary.status === 'signed' ? 'No adviser report' : 'Not signed yet';
}

/** How to reach the client, as the list shows it: the email, else the mobile number. */
export function clientContact(summary: Pick<RecordSummary, 'clientEmail' | 'clientPhone'>): string {
  return summary.clientEmail ?? summary.clientPhone ?? 'No contact given';
}

/** The "Review due" badge: shown when the last signed profile is older than the review interval. */
export function reviewBadge(summary: Pick<RecordSummary, 'reviewDue' | 'status'>): string | null {
  return summary.status === 'signed' && summary.reviewDue ? 'Review due' : null;
}

/** The profile column: the chosen one, and the recommended one when the client chose another. */
export function profileLabel(
  summary: Pick<RecordSummary, 'selectedProfile' | 'recommendedProfile' | 'profileChanged'>,
): string {
  return summary.profileChanged
    ? `${summary.selectedProfile} (recommended ${summary.recommendedProfile})`
    : summary.selectedProfile;
}
