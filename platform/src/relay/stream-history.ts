import type { StoredEvent } from '../event-store/event-store.port';

export interface StreamHistoryOptions {
  /** Reads a whole stream: the fallback when the events before one were not seen here. */
  readStream: (streamId: string) => Promise<StoredEvent[]>;
  /** Streams remembered, least recently used forgotten first (default 1,000). */
  capacity?: number;
}

/**
 * A stream's events up to and including one event, for a relay that follows the global order and
 * routes an event by what came before it in its stream. Events are immutable and a stream has no
 * gaps, so the events the relay has already routed are the stream's history: a first event needs
 * no read, and the next event of a stream seen recently extends what is remembered. Only a stream
 * whose earlier events were not seen here (a restart, a takeover, a forgotten stream) is read.
 */
export function streamHistory(options: StreamHistoryOptions): (event: StoredEvent) => Promise<StoredEvent[]> {
  const capacity = options.capacity ?? 1_000;
  const known = new Map<string, StoredEvent[]>();

  const remember = (streamId: string, events: StoredEvent[]): StoredEvent[] => {
    // Map keeps insertion order: deleting and setting again makes a stream the most recent.
    known.delete(streamId);
    known.set(streamId, events);
    if (known.size > capacity) known.delete(known.keys().next().value as string);
    return events;
  };

  return async (event) => {
    const seen = known.get(event.streamId);
    if (event.streamVersion === 0) return remember(event.streamId, [event]);
    if (seen?.length === event.streamVersion) return remember(event.streamId, [...seen, event]);
    // The same event again (a batch published again after a failure): what preceded it is known.
    if (seen !== undefined && seen[event.streamVersion]?.id === event.id) {
      return remember(event.streamId, seen.slice(0, event.streamVersion + 1));
    }
    const read = (await options.readStream(event.streamId)).filter(
      (e) => e.streamVersion <= event.streamVersion,
    );
    return remember(event.streamId, read);
  };
}
