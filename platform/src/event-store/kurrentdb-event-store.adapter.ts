import { randomUUID } from 'node:crypto';
import type {
  AllStreamRecordedEvent,
  AppendStreamState,
  JSONType,
  KurrentDBClient,
  Position,
  ReadPosition,
  RecordedEvent,
} from '@kurrent/kurrentdb-client';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type StoredEvent,
  WrongExpectedVersionError,
} from './event-store.port';

type Kurrent = typeof import('@kurrent/kurrentdb-client');

// The client's constants and error types, spelled out so that the client itself (a native
// bridge) loads only when a KurrentDB store is actually connected.
const FORWARDS = 'forwards';
const NO_STREAM = 'no_stream';
const START = 'start';
const WRONG_EXPECTED_VERSION = 'wrong-expected-version';
const STREAM_NOT_FOUND = 'stream-not-found';

/**
 * The event store on KurrentDB. Positions are the server's `${commit}/${prepare}` log position;
 * KurrentDB's own system events (types starting with '$') never leave this adapter.
 */
export class KurrentDbEventStore implements EventStore {
  private constructor(
    private readonly kurrent: Kurrent,
    private readonly client: KurrentDBClient,
  ) {}

  /** e.g. `kurrentdb://localhost:2113?tls=false` */
  static async connect(connectionString: string): Promise<KurrentDbEventStore> {
    const kurrent = await import('@kurrent/kurrentdb-client');
    return new KurrentDbEventStore(kurrent, kurrent.KurrentDBClient.connectionString(connectionString));
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    { expectedVersion }: { expectedVersion: ExpectedVersion },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`Stream ${streamId}: an append needs at least one event`);
    const data = events.map((e) =>
      this.kurrent.jsonEvent({
        id: e.id ?? randomUUID(),
        type: e.type,
        data: (e.data ?? null) as JSONType,
        metadata: (e.metadata ?? {}) as JSONType,
      }),
    );
    let revision: bigint;
    try {
      const result = await this.client.appendToStream(streamId, data, {
        streamState: toStreamState(expectedVersion),
      });
      revision = result.nextExpectedRevision;
    } catch (error) {
      throw mapError(error, streamId, expectedVersion);
    }
    // The append reply carries the write's log position, which is not documented to be that of
    // its last event; reading that event back gives an exact, exclusive checkpoint.
    const [last] = await this.collect(
      this.client.readStream(streamId, { fromRevision: revision, maxCount: 1 }),
    );
    if (!last?.event?.position)
      throw new Error(`Stream ${streamId}: appended event ${revision} not readable`);
    return { nextExpectedVersion: Number(revision), position: encode(last.event.position) };
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    try {
      const resolved = await this.collect(this.client.readStream(streamId, { direction: FORWARDS }));
      return resolved.flatMap((r) => (r.event ? [toStoredEvent(r.event)] : []));
    } catch (error) {
      if (errorType(error) === STREAM_NOT_FOUND) return [];
      throw error;
    }
  }

  /**
   * Reading $all from a position includes the event at that position, and a page may still hold
   * system events that are dropped here; so this reads on until `limit` events are collected or
   * the log is exhausted, never handing back a short page that only looks like the end.
   */
  async readAll({ after, limit }: ReadAllOptions): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    let floor = after === undefined ? undefined : decode(after);
    while (out.length < limit) {
      const maxCount = limit - out.length + 1;
      const fromPosition: ReadPosition = floor ?? START;
      const page = await this.collect(
        this.client.readAll({
          fromPosition,
          maxCount,
          direction: FORWARDS,
          filter: this.kurrent.excludeSystemEvents(),
        }),
      );
      let last: Position | undefined;
      for (const { event } of page) {
        if (!event || (floor && compare(event.position, floor) <= 0)) continue;
        last = event.position;
        if (!event.type.startsWith('$') && out.length < limit) out.push(toStoredEvent(event));
      }
      if (page.length < maxCount || !last) break;
      floor = last;
    }
    return out;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private async collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
    const items: T[] = [];
    for await (const item of iterable) items.push(item);
    return items;
  }
}

function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'no_stream' || expected === -1) return NO_STREAM;
  if (expected === 'any') return 'any';
  return BigInt(expected);
}

function errorType(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
}

function mapError(error: unknown, streamId: string, expected: ExpectedVersion): unknown {
  if (errorType(error) !== WRONG_EXPECTED_VERSION) return error;
  const actualState = (error as { actualState?: unknown }).actualState;
  const actual =
    actualState === NO_STREAM ? -1 : typeof actualState === 'bigint' ? Number(actualState) : undefined;
  return new WrongExpectedVersionError(streamId, expected, actual);
}

function encode(position: Position): string {
  return `${position.commit}/${position.prepare}`;
}

function decode(position: string): Position {
  const match = /^(\d+)\/(\d+)$/.exec(position);
  if (!match) throw new TypeError(`Not a KurrentDB position: ${position}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

function compare(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  return a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1;
}

function toStoredEvent(event: RecordedEvent | AllStreamRecordedEvent): StoredEvent {
  const metadata = event.metadata;
  if (!event.position)
    throw new Error('KurrentDB returned an event without a log position (server 22.6+ needed)');
  return {
    id: event.id,
    streamId: event.streamId,
    streamVersion: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: isRecord(metadata) ? (metadata as EventMetadata) : {},
    recordedAt: event.created,
    position: encode(event.position),
  };
}

function isRecord(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}
