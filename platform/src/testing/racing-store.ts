import type { EventStore, StoredEvent } from '../event-store/event-store.port';

/**
 * A store whose stream reads are held until `parties` readers have all read, so racing commands
 * are guaranteed to decide on the same version before either appends.
 */
export function racingStore(store: EventStore, parties: number): EventStore {
  let waiting: Array<() => void> = [];
  return {
    appendToStream: (...args) => store.appendToStream(...args),
    readAll: (options) => store.readAll(options),
    close: () => store.close(),
    async readStream(streamId: string): Promise<StoredEvent[]> {
      const events = await store.readStream(streamId);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === parties) {
          for (const release of waiting) release();
          waiting = [];
        }
      });
      return events;
    },
  };
}
