import {
  type EventMetadata,
  type EventStore,
  type StreamVersion,
  WrongExpectedVersionError,
} from '@risk-profile/platform';

/** A domain event as the decider sees it; the store adds ids, versions and positions. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
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

/**
 * Read the stream, fold it with `evolve`, `decide`, and append with the version that was read as
 * the expected version: two racing commands on one stream cannot both be stored. `command` may be
 * built from the current state, for values the application computes from it (a digest).
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decide: (command: C, state: S) => E[],
  evolve: (state: S, event: E) => S,
  initialState: () => S,
  command: C | ((state: S) => C),
  metadata: EventMetadata = {},
  options: { newStream?: boolean } = {},
): Promise<HandledCommand<S, E>> {
  // A stream named by an id generated for this command cannot exist yet: skip the read (one
  // round trip less) and let `no_stream` on the append prove it.
  const stored = options.newStream ? [] : await store.readStream(streamId);
  // Stored events of this service are written only by this handler, so their shape is E.
  const state = stored.reduce(
    (current, event) => evolve(current, { type: event.type, data: event.data } as E),
    initialState(),
  );
  const version = stored.length === 0 ? -1 : stored[stored.length - 1]!.streamVersion;

  const resolved = typeof command === 'function' ? (command as (state: S) => C)(state) : command;
  const events = decide(resolved, state);
  if (events.length === 0) return { state, events, nextExpectedVersion: version };

  try {
    const result = await store.appendToStream(
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
