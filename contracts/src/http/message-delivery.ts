import { z } from 'zod';

/**
 * Where the notification service's messages go, as the pages say it: email through the SMTP
 * server or into the outbox folder, SMS through Vonage or into the same folder. It carries no
 * credentials. The distributed gateway asks `internalMessageDeliveryPath` of the notification
 * service; like the internal adviser lookup it is not one of the ENDPOINTS, so the gateway never
 * routes it to a client.
 */
export const messageDeliverySchema = z.object({
  email: z.enum(['smtp', 'outbox']),
  sms: z.enum(['vonage', 'outbox']),
  /** The outbox folder, when either channel writes there. */
  outboxDir: z.string().min(1).optional(),
});
export type MessageDelivery = z.infer<typeof messageDeliverySchema>;

export const internalMessageDeliveryPath = '/internal/message-delivery';
