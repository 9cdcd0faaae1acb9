/**
 * EventStore port: streams of events with optimistic concurrency, and one global order that a
 * relay or projection can follow from a checkpoint without ever skipping an event that commits
 * late. Adapters: PostgreSQL (PGlite or pg) and KurrentDB.
 */

/** Version of the last event in a stream (0-based); -1 means the stream does not exist. */
export type StreamVersion = number;

export type ExpectedVersion = StreamVersion | 'no_stream' | 'any';

/**
 * An opaque, adapter-specific position in the global order. Callers store it as a checkpoint and
 * hand it back to `readAll`; they never parse or compare it.
 */
export type GlobalPosition = string;

export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** UUID; generated when absent. Consumers use it as the idempotency key. */
  id?: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

export interface StoredEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  streamVersion: StreamVersion;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  recordedAt: Date;
  position: GlobalPosition;
}

export interface AppendResult {
  nextExpectedVersion: StreamVersion;
  /** Position of the last appended event. */
  position: GlobalPosition;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Absent: from the start. */
  after?: GlobalPosition;
  limit: number;
}

export interface EventStore {
  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedVersion: ExpectedVersion },
  ): Promise<AppendResult>;
  /** All events of one stream in order; an empty array when the stream does not exist. */
  readStream(streamId: string): Promise<StoredEvent[]>;
  /** Events of every stream in global order. */
  readAll(options: ReadAllOptions): Promise<StoredEvent[]>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  readonly code = 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: StreamVersion | undefined,
  ) {
    super(
      `Stream ${streamId}: expected version ${String(expected)}, actual ${actual === undefined ? 'unknown' : actual}`,
    );
    this.name = 'WrongExpectedVersionError';
  }
}

/**
 * An appended event reuses an id already stored. The PostgreSQL adapter enforces store-wide
 * unique event ids and rejects the whole append (nothing is stored); KurrentDB instead treats a
 * retried append with the same ids as idempotent and never raises this.
 */
export class DuplicateEventIdError extends Error {
  readonly code = 'DUPLICATE_EVENT_ID';
  constructor(readonly streamId: string) {
    super(`Stream ${streamId}: an appended event id is already stored`);
    this.name = 'DuplicateEventIdError';
  }
}
