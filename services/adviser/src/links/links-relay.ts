import {
  QUESTIONNAIRE_LINKS_TOPIC,
  type QuestionnaireLinkRequestedV1,
  questionnaireLinksTopicSchema,
} from '@risk-profile/contracts';
import {
  type PlatformDeps,
  PostgresCheckpointStore,
  type Relay,
  type RoutedMessage,
  type StoredEvent,
  startRelay,
} from '@risk-profile/platform';
import { isLinkRequestStream, type QuestionnaireLinkRequested } from './link-requests';

export const LINKS_RELAY_NAME = 'adviser-questionnaire-links';

/** The integration event of a stored link request: its id is the stored event's, for dedupe downstream. */
export function routeLinkEvent(event: StoredEvent): RoutedMessage[] {
  if (!isLinkRequestStream(event.streamId) || event.type !== 'QuestionnaireLinkRequested') return [];
  const { requestedAt, ...data } = event.data as QuestionnaireLinkRequested['data'];
  const value = questionnaireLinksTopicSchema.parse({
    id: event.id,
    type: 'QuestionnaireLinkRequested',
    version: 1,
    occurredAt: requestedAt,
    correlationId: typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : event.id,
    causationId: typeof event.metadata.causationId === 'string' ? event.metadata.causationId : null,
    data,
  } satisfies QuestionnaireLinkRequestedV1);
  return [
    {
      topic: QUESTIONNAIRE_LINKS_TOPIC,
      message: {
        id: event.id,
        key: data.linkId,
        value,
        headers: { 'event-type': value.type, 'event-version': String(value.version) },
      },
    },
  ];
}

/** Publishes every link request, from the relay's checkpoint on, until stopped. */
export async function startLinksRelay(deps: PlatformDeps): Promise<Relay> {
  const checkpoints = await PostgresCheckpointStore.create(deps.sql);
  return startRelay({
    name: LINKS_RELAY_NAME,
    store: deps.eventStore,
    bus: deps.bus,
    checkpoints,
    logger: deps.logger,
    pollIntervalMs: deps.pollIntervalMs,
    route: routeLinkEvent,
  });
}
