/*
 * The webhook event types an endpoint subscribes to (docs/webhooks.md). Kept apart from their
 * payload schemas so the admin page can list them without loading zod.
 */
export const WEBHOOK_EVENT_TYPES = [
  'assessment.signed',
  'assessment.erased',
  'assessment.restricted',
  'questionnaire_link.sent',
  'review.due',
  'household.created',
  'household.profile_agreed',
  'household.member_confirmed',
  'household.confirmed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The limits of an endpoint's registration, shared by the schema and the page's own checks. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;

export const WEBHOOK_URL_REQUIRED_MESSAGE = 'Please enter the URL that receives the webhooks.';
export const WEBHOOK_EVENTS_REQUIRED_MESSAGE = 'Please choose at least one event.';
