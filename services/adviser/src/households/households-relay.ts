import {
  HOUSEHOLDS_TOPIC,
  type HouseholdConfirmedV1,
  type HouseholdCreatedV1,
  type HouseholdMemberConfirmedV1,
  type HouseholdProfileAgreedV1,
  householdsTopicSchema,
} from '@risk-profile/contracts';
import type { RoutedMessage, StoredEvent } from '@risk-profile/platform';
import { envelopeOf, integrationMessage } from '../integration/integration-message';
import { type HouseholdEvent, isHouseholdStream } from './household.events';

type Published =
  | HouseholdCreatedV1
  | HouseholdProfileAgreedV1
  | HouseholdMemberConfirmedV1
  | HouseholdConfirmedV1;

/** The integration event of a stored household event, without what only this service keeps. */
export function routeHouseholdEvent(event: StoredEvent): RoutedMessage[] {
  if (!isHouseholdStream(event.streamId)) return [];
  const stored = { type: event.type, data: event.data } as HouseholdEvent;
  let value: Published;
  switch (stored.type) {
    case 'HouseholdCreated':
      value = { ...envelopeOf(event, stored.data.createdAt), type: stored.type, data: stored.data };
      break;
    case 'HouseholdProfileAgreed': {
      const { agreementId: _id, differences: _differences, flags: _flags, ...data } = stored.data;
      value = { ...envelopeOf(event, data.agreed.agreedAt), type: stored.type, data };
      break;
    }
    case 'HouseholdMemberConfirmed':
    case 'HouseholdConfirmed':
      value = {
        ...envelopeOf(event, stored.data.confirmedAt),
        type: stored.type,
        data: stored.data,
      } as Published;
      break;
    default:
      return [];
  }
  const parsed = householdsTopicSchema.parse(value);
  return [integrationMessage(event, HOUSEHOLDS_TOPIC, parsed.data.householdId, parsed)];
}
