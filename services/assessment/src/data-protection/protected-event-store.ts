import {
  type EventStore,
  type NewEvent,
  OpeningEventStore,
  type PostgresEventStore,
  type StoredEvent,
} from '@risk-profile/platform';
import type { AssessmentEvent } from '../domain/assessment.events';
import type { DataKeys } from './data-keys';
import { open, seal } from './master-key';
import {
  ENCRYPTED_TYPE,
  type EncryptedData,
  erasedFields,
  isPersonalEventType,
  type PersonalEventType,
  personalAad,
  plainTypeOf,
  splitPersonal,
} from './personal-fields';
import type { SubjectIndex } from './subject-index';

const STREAM_PREFIX = 'assessment-';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The assessment an `assessment-{id}` stream belongs to, or undefined for any other stream. */
export function assessmentIdOfStream(streamId: string): string | undefined {
  if (!streamId.startsWith(STREAM_PREFIX)) return undefined;
  const id = streamId.slice(STREAM_PREFIX.length);
  return UUID.test(id) ? id.toLowerCase() : undefined;
}

/** Seals an event's personal fields under the data key: the stored shape of an encrypted event. */
export function encryptEvent(
  streamId: string,
  type: PersonalEventType,
  data: Record<string, unknown>,
  dataKey: Buffer,
): { type: string; data: EncryptedData } {
  const { personal, rest } = splitPersonal(type, data);
  const sealed = seal(dataKey, Buffer.from(JSON.stringify(personal), 'utf8'), personalAad(streamId, type));
  return { type: ENCRYPTED_TYPE[type], data: { ...rest, personal: sealed } };
}

/**
 * The plain event of a stored encrypted one: decrypted with its data key, or with the erased
 * marker in its personal fields when the key is gone. A key that is present but does not open
 * the value (a wrong master key, a changed byte) throws: that is corruption, not erasure.
 */
export function decryptEvent<E extends StoredEvent>(event: E, dataKey: Buffer | undefined): E {
  const type = plainTypeOf(event.type);
  if (type === undefined) return event;
  const { personal: sealed, ...rest } = event.data as EncryptedData;
  const personal =
    dataKey === undefined
      ? erasedFields(type, rest)
      : (JSON.parse(open(dataKey, sealed, personalAad(event.streamId, type)).toString('utf8')) as Record<
          string,
          unknown
        >);
  return { ...event, type, data: { ...rest, ...personal } };
}

/**
 * The event store as the assessment service sees it: personal fields are encrypted with the
 * assessment's data key on the way in and decrypted on the way out, so the domain, the relay and
 * the HTTP responses see plain values over either adapter (PostgreSQL or KurrentDB). Events stored
 * before encryption (legacy plaintext) read as they are. Appends update the subject index (see
 * indexAll); the relay applies every event again (idempotently), so an index write lost to a
 * crash after the append is made up.
 */
export class ProtectedEventStore extends OpeningEventStore {
  constructor(
    inner: EventStore,
    private readonly keys: DataKeys,
    private readonly index: SubjectIndex,
    /**
     * `inner` when it is the PostgreSQL store in the database that also holds the key and index
     * tables: a new assessment's key, events and index row are then written by one statement.
     */
    private readonly sameStore?: PostgresEventStore,
  ) {
    super(inner);
  }

  readonly appendToStream: EventStore['appendToStream'] = async (streamId, events, options) => {
    const assessmentId = assessmentIdOfStream(streamId);
    if (assessmentId === undefined || !events.some((e) => isPersonalEventType(e.type))) {
      const result = await this.inner.appendToStream(streamId, events, options);
      if (assessmentId !== undefined) await this.indexAll(events);
      return result;
    }
    if (this.sameStore) {
      // One statement: the key (for a new assessment), the events and the index's writes commit
      // together, in one round trip.
      const created =
        options.expectedVersion === 'no_stream' ? this.keys.newKeyAlongside(assessmentId) : undefined;
      const dataKey = created?.key ?? (await this.keys.getOrCreate(assessmentId));
      const indexed = events.map((event) => this.index.alongside(event as AssessmentEvent));
      const alongside = indexed.filter((write) => write !== undefined);
      const result = await this.sameStore.appendToStreamWith(
        streamId,
        encryptAll(streamId, events, dataKey),
        {
          expectedVersion: options.expectedVersion,
          alongside: created ? [created.insert, ...alongside] : alongside,
        },
      );
      if (created) this.keys.remember(assessmentId, created.key);
      for (const event of events) this.index.remember(event as AssessmentEvent);
      await this.indexAll(events.filter((_, n) => indexed[n] === undefined));
      return result;
    }
    const dataKey =
      options.expectedVersion === 'no_stream'
        ? await this.keys.create(assessmentId)
        : await this.keys.getOrCreate(assessmentId);
    const result = await this.inner.appendToStream(streamId, encryptAll(streamId, events, dataKey), options);
    await this.indexAll(events);
    return result;
  };

  /** Decrypts a page of events with one key lookup for every assessment in it. */
  protected async openAll(events: StoredEvent[]): Promise<StoredEvent[]> {
    const ids = new Set<string>();
    for (const event of events) {
      if (plainTypeOf(event.type) === undefined) continue;
      const id = assessmentIdOfStream(event.streamId);
      if (id !== undefined) ids.add(id);
    }
    if (ids.size === 0) return events;
    const keys = await this.keys.find([...ids]);
    return events.map((event) => {
      const id = assessmentIdOfStream(event.streamId);
      return id === undefined ? event : decryptEvent(event, keys.get(id));
    });
  }

  /**
   * A draft is indexed at once, so an erasure request finds it immediately; the later facts (a
   * signature, a restriction) reach the index through the relay, off the request's path: every
   * erasure decides on the stream as stored, never on the index alone.
   */
  private async indexAll(events: readonly NewEvent[]): Promise<void> {
    for (const event of events) {
      if (event.type !== 'AssessmentSigned') await this.index.apply(event as AssessmentEvent);
    }
  }
}

function encryptAll(streamId: string, events: readonly NewEvent[], dataKey: Buffer): NewEvent[] {
  return events.map((event) =>
    isPersonalEventType(event.type)
      ? { ...event, ...encryptEvent(streamId, event.type, event.data as Record<string, unknown>, dataKey) }
      : event,
  );
}
