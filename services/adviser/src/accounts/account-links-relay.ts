import {
  ACCOUNT_INVITATIONS_TOPIC,
  type AccountInvitationRequestedV1,
  accountInvitationsTopicSchema,
} from '@risk-profile/contracts';
import {
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type PlatformDeps,
  PostgresCheckpointStore,
  type Relay,
  type RoutedMessage,
  type StoredEvent,
  startRelay,
} from '@risk-profile/platform';

export const ACCOUNT_LINKS_RELAY_NAME = 'adviser-account-invitations';

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

/** The integration event of a stored link: its id is the stored event's, for dedupe downstream. */
export function routeAccountLinkEvent(event: StoredEvent): RoutedMessage[] {
  if (!isAccountLinkStream(event.streamId) || event.type !== 'AccountInvitationRequested') return [];
  const { requestedAt, ...data } = event.data as AccountInvitationRequested['data'];
  const value = accountInvitationsTopicSchema.parse({
    id: event.id,
    type: 'AccountInvitationRequested',
    version: 1,
    occurredAt: requestedAt,
    correlationId: typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : event.id,
    causationId: typeof event.metadata.causationId === 'string' ? event.metadata.causationId : null,
    data,
  } satisfies AccountInvitationRequestedV1);
  return [
    {
      topic: ACCOUNT_INVITATIONS_TOPIC,
      message: {
        id: event.id,
        key: data.accountId,
        value,
        headers: { 'event-type': value.type, 'event-version': String(value.version) },
      },
    },
  ];
}

/** Publishes every account link, from the relay's checkpoint on, until stopped. */
export async function startAccountLinksRelay(deps: PlatformDeps): Promise<Relay> {
  const checkpoints = await PostgresCheckpointStore.create(deps.sql);
  return startRelay({
    name: ACCOUNT_LINKS_RELAY_NAME,
    store: deps.eventStore,
    bus: deps.bus,
    checkpoints,
    logger: deps.logger,
    pollIntervalMs: deps.pollIntervalMs,
    route: routeAccountLinkEvent,
  });
}
