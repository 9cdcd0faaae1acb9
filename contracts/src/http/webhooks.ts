import { z } from 'zod';
import {
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS_REQUIRED_MESSAGE,
  WEBHOOK_URL_REQUIRED_MESSAGE,
} from '../webhooks/event-types';
import { defineEndpoint, errorBodySchema, REFUSED_RESPONSES } from './endpoint';
import { isoDateTimeSchema, messageBodySchema, withMarkLimit } from './primitives';

/*
 * Signed webhooks (docs/webhooks.md, ADR 0027): administrators register the endpoints that receive
 * the events, see each endpoint's deliveries and send one again. The secret is shown once, when
 * the endpoint is created or its secret rotated; no other answer carries it.
 */

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `Events are among ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
});

export const createWebhookBodySchema = z.object({
  // Whether the scheme and the address are allowed is the service's check (its configuration and
  // DNS decide it); the contract holds the shape.
  url: z
    .string({ error: WEBHOOK_URL_REQUIRED_MESSAGE })
    .trim()
    .min(1, WEBHOOK_URL_REQUIRED_MESSAGE)
    .max(MAX_WEBHOOK_URL_LENGTH, `Please keep the URL to ${MAX_WEBHOOK_URL_LENGTH} characters or fewer.`)
    .refine((url) => URL.canParse(url), 'Please enter a full URL, such as https://crm.example.com/hooks.'),
  events: z
    .array(webhookEventTypeSchema, { error: WEBHOOK_EVENTS_REQUIRED_MESSAGE })
    .min(1, WEBHOOK_EVENTS_REQUIRED_MESSAGE)
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((events) => [...new Set(events)]),
  description: withMarkLimit(
    z
      .string()
      .trim()
      .max(
        MAX_WEBHOOK_DESCRIPTION_LENGTH,
        `Please keep the description to ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters or fewer.`,
      ),
  ).default(''),
});
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

/** The only answers that carry a secret (`whsec_…`): keep it, it is not shown again. */
export const webhookSecretSchema = z.object({ secret: z.string().startsWith('whsec_') });
export const createdWebhookSchema = webhookSecretSchema.extend({ id: z.uuid() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const WEBHOOK_ENDPOINT_STATES = ['active', 'disabled'] as const;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  description: z.string(),
  state: z.enum(WEBHOOK_ENDPOINT_STATES),
  /** Why a disabled endpoint stopped: disabled by an administrator, failing 5 days, or a 410. */
  disabledReason: z.string().nullable(),
  /** The first failed attempt since the last delivered one; null while it delivers. */
  failingSince: isoDateTimeSchema.nullable(),
  /** While the secret replaced by the last rotation still signs beside the new one. */
  previousSecretExpiresAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same on every attempt and every "send again". */
  id: z.string(),
  eventType: webhookEventTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.int().min(0),
  /** The last attempt's HTTP status; null before one, or when it got no answer. */
  responseCode: z.int().nullable(),
  /** Why the last attempt failed, when it did: a refused target, a timeout, a status. */
  lastError: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  lastAttemptAt: isoDateTimeSchema.nullable(),
  /** When a pending delivery is tried next. */
  nextAttemptAt: isoDateTimeSchema.nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERY_PAGE_SIZE = 25;
export const MAX_WEBHOOK_DELIVERY_PAGE_SIZE = 100;

export const webhookDeliveryListQuerySchema = z.object({
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z
    .string()
    .max(200)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_WEBHOOK_DELIVERY_PAGE_SIZE)
    .default(WEBHOOK_DELIVERY_PAGE_SIZE),
});

export const webhookDeliveryListSchema = z.object({
  /** Newest first. */
  deliveries: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});

const refused = REFUSED_RESPONSES;
const notFound = errorBodySchema;
/** What an endpoint without a body or query refuses: no session, or not an administrator. */
const noSession = { 401: errorBodySchema, 403: errorBodySchema } as const;

export const createWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/webhooks',
  service: 'notification',
  access: 'admin',
  summary:
    'Registers an endpoint for the chosen events; answers its signing secret, shown this once. 400 for a URL that is not https or not a public address.',
  body: createWebhookBodySchema,
  responses: { 201: createdWebhookSchema, ...refused },
});

export const listWebhooksEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/webhooks',
  service: 'notification',
  access: 'admin',
  summary: 'Every webhook endpoint, newest first, without secrets.',
  responses: { 200: webhookEndpointListSchema, ...noSession },
});

export const disableWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/webhooks/:id/disable',
  service: 'notification',
  access: 'admin',
  summary: 'Stops deliveries to the endpoint; its pending deliveries wait until it is enabled.',
  responses: { 200: webhookEndpointSchema, ...noSession, 404: notFound },
});

export const enableWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/webhooks/:id/enable',
  service: 'notification',
  access: 'admin',
  summary: 'Delivers to the endpoint again, starting with its pending deliveries.',
  responses: { 200: webhookEndpointSchema, ...noSession, 404: notFound },
});

export const deleteWebhookEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/webhooks/:id',
  service: 'notification',
  access: 'admin',
  summary: 'Deletes the endpoint with its deliveries.',
  responses: { 200: messageBodySchema, ...noSession, 404: notFound },
});

export const rotateWebhookSecretEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/webhooks/:id/rotate-secret',
  service: 'notification',
  access: 'admin',
  summary: 'A new signing secret, shown this once; the old one keeps signing beside it for 24 hours.',
  responses: { 200: webhookSecretSchema, ...noSession, 404: notFound },
});

export const listWebhookDeliveriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/webhooks/:id/deliveries',
  service: 'notification',
  access: 'admin',
  summary: "The endpoint's deliveries, newest first, paged by cursor.",
  query: webhookDeliveryListQuerySchema,
  responses: { 200: webhookDeliveryListSchema, ...refused, 404: notFound },
});

export const resendWebhookDeliveryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/webhooks/:id/deliveries/:deliveryId/resend',
  service: 'notification',
  access: 'admin',
  summary:
    'Sends a delivery again now, with the same webhook-id and body; 409 when its body was erased or the endpoint is disabled.',
  responses: { 200: webhookDeliverySchema, ...noSession, 404: notFound, 409: errorBodySchema },
});
