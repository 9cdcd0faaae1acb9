import { z } from 'zod';
import { accountInvitationRequestedV1 } from './account-invitation-requested';

export * from './account-invitation-requested';

/** Keyed by account id, so one account's links are delivered in the order they were sent. */
export const ACCOUNT_INVITATIONS_TOPIC = 'risk-profile.account-invitations.v1';

export const accountInvitationsTopicSchema = z.discriminatedUnion('type', [accountInvitationRequestedV1]);
