import type { WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from '@risk-profile/contracts';

/** What each event tells a receiver, as the form's checkboxes and the lists name it. */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  'assessment.signed': 'Assessment signed',
  'assessment.erased': 'Assessment erased',
  'assessment.restricted': 'Assessment restricted',
  'questionnaire_link.sent': 'Questionnaire link sent',
  'review.due': 'Review due',
  'household.created': 'Household created',
  'household.profile_agreed': 'Household profile agreed',
  'household.member_confirmed': 'Household member confirmed',
  'household.confirmed': 'Household confirmed',
};

export type EndpointBadge = 'active' | 'failing' | 'disabled';

/** An active endpoint whose last attempts failed is shown as failing, before it is disabled for it. */
export function endpointBadge(endpoint: Pick<WebhookEndpointView, 'state' | 'failingSince'>): EndpointBadge {
  if (endpoint.state === 'disabled') return 'disabled';
  return endpoint.failingSince === null ? 'active' : 'failing';
}

export const BADGE_LABELS: Record<EndpointBadge, string> = {
  active: 'Active',
  failing: 'Failing',
  disabled: 'Disabled',
};

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryView['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** The time a delivery row shows: its last attempt, or when it was queued before any. */
export const deliveryTime = (delivery: Pick<WebhookDeliveryView, 'lastAttemptAt' | 'createdAt'>): string =>
  delivery.lastAttemptAt ?? delivery.createdAt;

/** The last attempt's answer: its status code, or why none came. */
export function responseLabel(
  delivery: Pick<WebhookDeliveryView, 'responseCode' | 'attempts' | 'lastError'>,
): string {
  if (delivery.responseCode !== null) return String(delivery.responseCode);
  if (delivery.attempts === 0) return 'Not tried yet';
  return delivery.lastError ? `No answer (${delivery.lastError})` : 'No answer';
}
