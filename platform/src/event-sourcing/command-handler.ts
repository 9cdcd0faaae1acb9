import {
  type EventMetadata,
  type EventStore,
  type StreamVersion,
  WrongExpectedVersionError,
} from '../event-store/event-store.port';

/** A domain event as a decider sees it; the store adds ids, versions and positions. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * An aggregate's behaviour as three pure functions: `decide` turns a command and the current state
 * into new events (or throws a typed domain error), `evolve` folds one event into the state.
 */
export interface Decider<C, E extends DomainEvent, S> {
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
  initialState(): S;
}

/** Another command appended to the stream between our read and our append; nothing was stored. */
export class ConcurrencyConflictError extends Error {
  readonly code = 'CONCURRENCY_CONFLICT';
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} was appended to by another command between our read and our append`);
    this.name = 'ConcurrencyConflictError';
  }
}

export interface HandledCommand<S, E> {
  /** The state after the new events. */
  state: S;
  events: E[];
  nextExpectedVersion: StreamVersion;
}

export interface CommandHandlerOptions<C, E extends DomainEvent, S> extends Decider<C, E, S> {
  eventStore: EventStore;
  streamId: string;
  /** The command, or a function building it from the current state (for values derived from it). */
  command: C | ((state: S) => C);
  /** Correlation and causation ids recorded on every new event. */
  metadata?: EventMetadata;
  /**
   * The stream is named by an id generated for this command, so it cannot exist yet: skip the
   * read (one round trip less) and let `no_stream` on the append prove it.
   */
  newStream?: boolean;
}

/**
 * Read the stream, fold it with `evolve`, `decide`, and append with the version that was read as
 * the expected version: two racing commands on one stream cannot both be stored.
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  options: CommandHandlerOptions<C, E, S>,
): Promise<HandledCommand<S, E>> {
  const { eventStore, streamId, decide, evolve, initialState, command, metadata = {} } = options;
  const stored = options.newStream ? [] : await eventStore.readStream(streamId);
  // A stream is written only through its own decider, so its stored events have the shape E.
  const state = stored.reduce(
    (current, event) => evolve(current, { type: event.type, data: event.data } as E),
    initialState(),
  );
  const version = stored.length === 0 ? -1 : stored[stored.length - 1]!.streamVersion;

  const resolved = typeof command === 'function' ? (command as (state: S) => C)(state) : command;
  const events = decide(resolved, state);
  if (events.length === 0) return { state, events, nextExpectedVersion: version };

  try {
    const result = await eventStore.appendToStream(
      streamId,
      events.map((event) => ({ type: event.type, data: event.data, metadata })),
      { expectedVersion: version === -1 ? 'no_stream' : version },
    );
    return { state: events.reduce(evolve, state), events, nextExpectedVersion: result.nextExpectedVersion };
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) throw new ConcurrencyConflictError(streamId);
    throw error;
  }
}
