import {
  ACCOUNT_INVITATIONS_TOPIC,
  type AccountInvitationRequestedV1,
  accountInvitationsTopicSchema,
} from '@risk-profile/contracts';
import type {
  DomainEvent,
  EventMetadata,
  EventStore,
  RoutedMessage,
  StoredEvent,
} from '@risk-profile/platform';
import { envelopeOf, integrationMessage } from '../integration/integration-message';

/**
 * An invitation or reset link is recorded in its account's stream; the relay publishes it and
 * notification emails it. The URL carries the token, so it sits in this stream and on the bus:
 * the token works once, for 72 hours, and only until a newer one is issued, so a copy read
 * later is worthless.
 */
export const accountLinkStreamId = (accountId: string): string => `account-links-${accountId}`;
const isAccountLinkStream = (streamId: string): boolean => streamId.startsWith('account-links-');

export type AccountInvitationRequested = DomainEvent<
  'AccountInvitationRequested',
  AccountInvitationRequestedV1['data'] & { requestedAt: string }
>;

export async function recordAccountLink(
  store: EventStore,
  data: AccountInvitationRequested['data'],
  metadata: EventMetadata,
): Promise<void> {
  await store.appendToStream(
    accountLinkStreamId(data.accountId),
    [{ type: 'AccountInvitationRequested', data, metadata }],
    { expectedVersion: 'any' },
  );
}

/** The integration event of a stored account link. */
export function routeAccountLinkEvent(event: StoredEvent): RoutedMessage[] {
  if (!isAccountLinkStream(event.streamId) || event.type !== 'AccountInvitationRequested') return [];
  const { requestedAt, ...data } = event.data as AccountInvitationRequested['data'];
  const value = accountInvitationsTopicSchema.parse({
    ...envelopeOf(event, requestedAt),
    type: 'AccountInvitationRequested',
    data,
  } satisfies AccountInvitationRequestedV1);
  return [integrationMessage(event, ACCOUNT_INVITATIONS_TOPIC, data.accountId, value)];
}
