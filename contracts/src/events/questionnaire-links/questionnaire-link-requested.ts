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
    clientName: z.string().min(1),
    clientEmail: z.string().nullable(),
    clientPhone: z.string().nullable(),
    method: linkMethodSchema,
    url: z.url(),
    expiresAt: isoDateTimeSchema,
  }),
);
export type QuestionnaireLinkRequestedV1 = z.infer<typeof questionnaireLinkRequestedV1>;
