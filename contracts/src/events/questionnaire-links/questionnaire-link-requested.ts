import { z } from 'zod';
import { isoDateTimeSchema } from '../../http/primitives';
import { linkMethodSchema } from '../../http/questionnaire-links';
import { integrationEventEnvelope } from '../envelope';

/** Everything notification needs to send the link without asking the adviser service. */
export const questionnaireLinkRequestedV1 = integrationEventEnvelope(
  'QuestionnaireLinkRequested',
  1,
  z.object({
    linkId: z.string().min(1),
    adviserId: z.string().min(1),
    adviserSlug: z.string().min(1),
    adviserName: z.string(),
    companyName: z.string(),
    /**
     * Where the client's replies to the link email go. Optional, so a request recorded before it
     * was added still reads as version 1; notification then sends without a Reply-To.
     */
    adviserEmail: z.string().optional(),
    clientName: z.string().min(1),
    clientEmail: z.string().nullable(),
    clientPhone: z.string().nullable(),
    method: linkMethodSchema,
    url: z.url(),
    /**
     * The short form of `url` (`<PUBLIC_URL>/l/<code>`) that the SMS carries. Optional, so a
     * request recorded before it was added still reads as version 1; its SMS then has the long link.
     */
    shortUrl: z.url().optional(),
    expiresAt: isoDateTimeSchema,
  }),
);
export type QuestionnaireLinkRequestedV1 = z.infer<typeof questionnaireLinkRequestedV1>;
