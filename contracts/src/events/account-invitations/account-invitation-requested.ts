import { z } from 'zod';
import { isoDateTimeSchema } from '../../http/primitives';
import { integrationEventEnvelope } from '../envelope';

export const ACCOUNT_LINK_KINDS = ['invitation', 'reset'] as const;

/**
 * An invitation to a new account, or a password reset, for notification to email. `url` is the
 * set-password link with its token: it travels on the bus and stays in the adviser service's
 * event stream, which is acceptable because the token is single use and expires (`expiresAt`,
 * 72 hours), so a copy is worthless once used, replaced by a newer link, or expired.
 */
export const accountInvitationRequestedV1 = integrationEventEnvelope(
  'AccountInvitationRequested',
  1,
  z.object({
    /** The account the link is for. */
    accountId: z.string().min(1),
    kind: z.enum(ACCOUNT_LINK_KINDS),
    recipientEmail: z.string().min(1),
    recipientName: z.string(),
    /** The adviser's firm, or null for an administrator's account. */
    companyName: z.string().nullable(),
    url: z.url(),
    expiresAt: isoDateTimeSchema,
  }),
);
export type AccountInvitationRequestedV1 = z.infer<typeof accountInvitationRequestedV1>;
