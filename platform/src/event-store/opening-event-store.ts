import type { EventStore, ReadAllOptions, StoredEvent } from './event-store.port';

/**
 * An event store in front of another that changes what it stores on the way in (sealing,
 * encrypting) and opens it on the way out: both reads pass every page through `openAll`, so one
 * stream and the global order (what the relay follows) read the same.
 */
export abstract class OpeningEventStore implements EventStore {
  constructor(protected readonly inner: EventStore) {}

  /** Stores events changed on the way in; typed by the port, so each store writes only its body. */
  abstract readonly appendToStream: EventStore['appendToStream'];

  /** Opens a page of events as read from `inner`, in order. */
  protected abstract openAll(events: StoredEvent[]): Promise<StoredEvent[]>;

  async readStream(streamId: string): Promise<StoredEvent[]> {
    return this.openAll(await this.inner.readStream(streamId));
  }

  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    return this.openAll(await this.inner.readAll(options));
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
