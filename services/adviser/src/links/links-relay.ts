import {
  QUESTIONNAIRE_LINKS_TOPIC,
  type QuestionnaireLinkRequestedV1,
  questionnaireLinksTopicSchema,
} from '@risk-profile/contracts';
import type { RoutedMessage, StoredEvent } from '@risk-profile/platform';
import { envelopeOf, integrationMessage } from '../integration/integration-message';
import { isLinkRequestStream, type QuestionnaireLinkRequested } from './link-requests';

/** The integration event of a stored link request; none for a link the adviser opens in person. */
export function routeLinkEvent(event: StoredEvent): RoutedMessage[] {
  if (!isLinkRequestStream(event.streamId) || event.type !== 'QuestionnaireLinkRequested') return [];
  const { requestedAt, inPerson, ...data } = event.data as QuestionnaireLinkRequested['data'];
  if (inPerson) return [];
  const value = questionnaireLinksTopicSchema.parse({
    ...envelopeOf(event, requestedAt),
    type: 'QuestionnaireLinkRequested',
    data,
  } satisfies QuestionnaireLinkRequestedV1);
  return [integrationMessage(event, QUESTIONNAIRE_LINKS_TOPIC, data.linkId, value)];
}
