import { z } from 'zod';

/**
 * Where the notification service's messages go, as the pages say it: email through the SMTP
 * server or into the outbox folder, SMS through Vonage or into the same folder. It carries no
 * credentials and no path on the server: the gateway writes it into every page, and a page never
 * shows where the server keeps its files (an older service's `outboxDir` is dropped by the
 * parse). The distributed gateway asks `internalMessageDeliveryPath` of the notification
 * service; like the internal adviser lookup it is not one of the ENDPOINTS, so the gateway never
 * routes it to a client.
 */
export const messageDeliverySchema = z.object({
  email: z.enum(['smtp', 'outbox']),
  sms: z.enum(['vonage', 'outbox']),
});
export type MessageDelivery = z.infer<typeof messageDeliverySchema>;

export const internalMessageDeliveryPath = '/internal/message-delivery';
