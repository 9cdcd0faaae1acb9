import {
  type CreateWebhookBody,
  createWebhookBodySchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '@risk-profile/contracts';

/*
 * The "Add an endpoint" form as the administrator fills it in, checked by the schema the
 * notification service checks the request with (createWebhookBodySchema): the page says what the
 * service would, as it is typed. Whether the address may be called (https, a public address) only
 * the service can tell: its refusal comes back as the server's message.
 */

export interface WebhookFormValues {
  url: string;
  events: WebhookEventType[];
  description: string;
}

export type WebhookFormField = keyof WebhookFormValues;
export type WebhookFormErrors = Partial<Record<WebhookFormField, string>>;

const FIELDS: readonly WebhookFormField[] = ['url', 'events', 'description'];

/** A new endpoint usually wants signed assessments, the event a CRM is integrated for. */
export const emptyWebhookForm = (): WebhookFormValues => ({
  url: '',
  events: ['assessment.signed'],
  description: '',
});

/** The first message of each field the schema refuses; none when the form can be sent. */
export function webhookFormErrors(values: WebhookFormValues): WebhookFormErrors {
  const result = createWebhookBodySchema.safeParse(values);
  if (result.success) return {};
  const errors: WebhookFormErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Ticks or unticks one event; the list keeps the order the page lists the events in. */
export function withEvent(
  values: WebhookFormValues,
  event: WebhookEventType,
  on: boolean,
): WebhookFormValues {
  const chosen = new Set(values.events);
  if (on) chosen.add(event);
  else chosen.delete(event);
  return { ...values, events: WEBHOOK_EVENT_TYPES.filter((type) => chosen.has(type)) };
}

/** The request body: what the schema makes of the values (trimmed, no repeated event). */
export function webhookBody(values: WebhookFormValues): CreateWebhookBody {
  return createWebhookBodySchema.parse(values);
}
