import { HOUSEHOLDS_TOPIC } from '@risk-profile/contracts';
import {
  DataKeys,
  type DataKeyTable,
  type EventBus,
  type EventStore,
  MasterKey,
  OpeningEventStore,
  type SqlClient,
  type StoredEvent,
} from '@risk-profile/platform';
import { householdStreamId, isHouseholdStream } from './household.events';
import {
  isSealableType,
  memberIdsOf,
  openHouseholdEvent,
  plainTypeOfSealed,
  sealHouseholdEvent,
} from './household-personal-data';
import { routeHouseholdEvent } from './households-relay';

/** One key a household member, wrapped by HOUSEHOLD_ENCRYPTION_KEY for that member alone. */
export const HOUSEHOLD_MEMBER_KEYS: DataKeyTable = {
  table: 'household_member_keys',
  idColumn: 'member_id',
  subject: (memberId) => `household-member:${memberId}`,
};

type Data = Record<string, unknown>;

/**
 * The event store as the adviser service sees it: a household event's member fields are sealed
 * under each member's data key on the way in and opened on the way out (a member whose key was
 * deleted reads as erased), so the decider, the routes and the relay see plain events. Every other
 * stream (links, accounts) and household events stored before sealing pass as they are.
 */
export class ProtectedHouseholdStore extends OpeningEventStore {
  constructor(
    inner: EventStore,
    private readonly keys: DataKeys,
  ) {
    super(inner);
  }

  readonly appendToStream: EventStore['appendToStream'] = async (streamId, events, options) => {
    if (!isHouseholdStream(streamId)) return this.inner.appendToStream(streamId, events, options);
    const keys = new Map<string, Buffer>();
    for (const event of events) {
      const ids = memberIdsOf(event.data as Data);
      // A member's key is made with the household; a later event finds it, or finds it erased.
      if (event.type === 'HouseholdCreated') {
        for (const id of ids) keys.set(id, await this.keys.getOrCreate(id));
      } else {
        for (const [id, key] of await this.keys.find(ids)) keys.set(id, key);
      }
    }
    const sealed = events.map((event) =>
      isSealableType(event.type)
        ? { ...event, ...sealHouseholdEvent(streamId, event.type, event.data as Data, keys) }
        : event,
    );
    return this.inner.appendToStream(streamId, sealed, options);
  };

  /** Opens a page of events with one key lookup for every member in it. */
  protected async openAll(events: StoredEvent[]): Promise<StoredEvent[]> {
    const ids = new Set<string>();
    for (const event of events) {
      if (plainTypeOfSealed(event.type) === undefined) continue;
      for (const id of memberIdsOf(event.data as Data)) ids.add(id);
    }
    if (ids.size === 0) return events;
    const keys = await this.keys.find([...ids]);
    return events.map((event) => {
      const type = plainTypeOfSealed(event.type);
      if (type === undefined) return event;
      return { ...event, type, data: openHouseholdEvent(event.streamId, type, event.data as Data, keys) };
    });
  }
}

export interface HouseholdDataProtection {
  keys: DataKeys;
  /** Every stream of the adviser service, household events sealed per member. */
  store: EventStore;
}

export function openHouseholdDataProtection(
  sql: SqlClient,
  eventStore: EventStore,
  masterKey: string,
): HouseholdDataProtection {
  const keys = new DataKeys(sql, MasterKey.fromConfig(masterKey), HOUSEHOLD_MEMBER_KEYS);
  return { keys, store: new ProtectedHouseholdStore(eventStore, keys) };
}

/**
 * After a member's key is deleted: the bus log's copies of the household's messages get the
 * values the relay would publish now, with that member erased (each message keeps its id, key
 * and place). Kafka cannot rewrite a message: there the old values age out with the topic's
 * retention. Returns the messages rewritten.
 */
export async function redactHouseholdMessages(
  store: EventStore,
  bus: EventBus,
  householdIds: readonly string[],
): Promise<number> {
  if (!bus.replaceMessages) return 0;
  let replaced = 0;
  for (const householdId of householdIds) {
    const events = await store.readStream(householdStreamId(householdId));
    const messages = events.flatMap(routeHouseholdEvent).map(({ message }) => message);
    replaced += await bus.replaceMessages(HOUSEHOLDS_TOPIC, messages);
  }
  return replaced;
}
