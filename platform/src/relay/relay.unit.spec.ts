import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventBus, OutgoingMessage } from '../event-bus/event-bus.port';
import type { EventStore, NewEvent, ReadAllOptions, StoredEvent } from '../event-store/event-store.port';
import { silentLogger } from '../logging/logger';
import { type CheckpointStore, InMemoryCheckpointStore } from './checkpoint-store';
import { type Relay, type RelayOptions, type RoutedMessage, startRelay } from './relay';

/** Global order is append order; positions are the 1-based index as a string. */
class FakeEventStore implements EventStore {
  readonly events: StoredEvent[] = [];
  readonly reads: ReadAllOptions[] = [];

  async appendToStream(streamId: string, events: readonly NewEvent[]) {
    for (const e of events) {
      const streamVersion = this.events.filter((s) => s.streamId === streamId).length;
      this.events.push({
        id: e.id ?? randomUUID(),
        streamId,
        streamVersion,
        type: e.type,
        data: e.data,
        metadata: e.metadata ?? {},
        recordedAt: new Date(0),
        position: String(this.events.length + 1),
      });
    }
    const last = this.events[this.events.length - 1]!;
    return { nextExpectedVersion: last.streamVersion, position: last.position };
  }

  async readStream(streamId: string) {
    return this.events.filter((e) => e.streamId === streamId);
  }

  async readAll(options: ReadAllOptions) {
    this.reads.push(options);
    const after = options.after === undefined ? 0 : Number(options.after);
    return this.events.slice(after, after + options.limit);
  }

  async close() {}
}

/** Records publishes; `failNext` makes the next publish reject. */
class FakeBus implements EventBus {
  readonly published: Array<{ topic: string; messages: OutgoingMessage[] }> = [];
  failNext = 0;

  async publish(topic: string, messages: readonly OutgoingMessage[]) {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('bus unavailable');
    }
    this.published.push({ topic, messages: [...messages] });
  }

  async subscribe(): Promise<never> {
    throw new Error('not used by the relay');
  }

  async close() {}

  ids(topic?: string): string[] {
    return this.published
      .filter((p) => topic === undefined || p.topic === topic)
      .flatMap((p) => p.messages.map((m) => m.id));
  }
}

class CrashingCheckpoints extends InMemoryCheckpointStore {
  crashes = 0;
  override async save(name: string, position: string): Promise<void> {
    if (this.crashes > 0) {
      this.crashes--;
      throw new Error('process died before the checkpoint was written');
    }
    await super.save(name, position);
  }
}

/** Odd events also go to an audit topic; 'Private' events go nowhere. */
const route = (event: StoredEvent): RoutedMessage[] => {
  if (event.type === 'Private') return [];
  const message = { id: event.id, key: event.streamId, value: event.data };
  const n = (event.data as { n: number }).n;
  return n % 2 === 1
    ? [
        { topic: 'main', message },
        { topic: 'audit', message },
      ]
    : [{ topic: 'main', message }];
};

describe('startRelay', () => {
  const relays: Relay[] = [];
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  });

  function relay(
    overrides: Partial<RelayOptions> & Pick<RelayOptions, 'store' | 'bus' | 'checkpoints'>,
  ): Relay {
    const r = startRelay({
      name: 'test',
      route,
      pollIntervalMs: 60_000,
      logger: silentLogger(),
      ...overrides,
    });
    relays.push(r);
    return r;
  }

  async function appendNumbered(store: FakeEventStore, from: number, count: number, type = 'Happened') {
    for (let n = from; n < from + count; n++) {
      await store.appendToStream(`s-${n % 3}`, [{ type, data: { n } }]);
    }
  }

  /** A store holding `count` numbered events, an empty bus, and `checkpoints`. */
  async function given<C extends CheckpointStore>(count: number, checkpoints: C) {
    const store = new FakeEventStore();
    await appendNumbered(store, 0, count);
    return { store, bus: new FakeBus(), checkpoints };
  }

  it('publishes routed messages per topic in event order, then saves the last position', async () => {
    const { store, bus, checkpoints } = await given(5, new InMemoryCheckpointStore());
    await store.appendToStream('s-x', [{ type: 'Private', data: { n: 99 } }]);

    await relay({ store, bus, checkpoints }).catchUp();

    const ids = store.events.map((e) => e.id);
    expect(bus.published.map((p) => p.topic)).toEqual(['main', 'audit']);
    expect(bus.ids('main')).toEqual(ids.slice(0, 5));
    expect(bus.ids('audit')).toEqual([ids[1], ids[3]]);
    expect(await checkpoints.load('test')).toBe('6');
  });

  it('reads in batches and resumes from the saved checkpoint after a restart', async () => {
    const { store, bus, checkpoints } = await given(5, new InMemoryCheckpointStore());
    const first = relay({ store, bus, checkpoints, batchSize: 2 });
    await first.catchUp();
    await first.stop();
    expect(store.reads.map((r) => r.after)).toEqual([undefined, '2', '4', '5']);

    await appendNumbered(store, 5, 2);
    await relay({ store, bus, checkpoints, batchSize: 2 }).catchUp();
    expect(bus.ids('main')).toEqual(store.events.map((e) => e.id));
  });

  // A relay runs its first batch as soon as it starts; stop() waits for that batch to end.
  it('keeps the checkpoint when publishing fails, and publishes the batch on the next try', async () => {
    const { store, bus, checkpoints } = await given(3, new InMemoryCheckpointStore());
    bus.failNext = 1;
    await relay({ store, bus, checkpoints }).stop();
    expect(bus.published).toEqual([]);
    expect(await checkpoints.load('test')).toBeUndefined();

    await relay({ store, bus, checkpoints }).catchUp();
    expect(bus.ids('main')).toEqual(store.events.map((e) => e.id));
    expect(await checkpoints.load('test')).toBe('3');
  });

  it('republishes a batch whose checkpoint was lost in a crash: duplicates with the same ids, no loss', async () => {
    const { store, bus, checkpoints } = await given(2, new CrashingCheckpoints());
    checkpoints.crashes = 1;
    await relay({ store, bus, checkpoints }).stop();
    const ids = store.events.map((e) => e.id);
    expect(bus.ids('main')).toEqual(ids);
    expect(await checkpoints.load('test')).toBeUndefined();

    await relay({ store, bus, checkpoints }).catchUp();
    expect(bus.ids('main')).toEqual([...ids, ...ids]);
    expect(await checkpoints.load('test')).toBe('2');
  });

  it('rejects catchUp when a batch fails', async () => {
    const store = new FakeEventStore();
    const bus = new FakeBus();
    const r = relay({ store, bus, checkpoints: new InMemoryCheckpointStore() });
    await r.catchUp();
    await appendNumbered(store, 0, 1);
    bus.failNext = 1;
    await expect(r.catchUp()).rejects.toThrow('bus unavailable');
    await r.catchUp();
    expect(bus.ids('main')).toHaveLength(1);
  });

  it('runs in the background: wake() relays new events without waiting for the poll', async () => {
    const store = new FakeEventStore();
    const bus = new FakeBus();
    const r = relay({ store, bus, checkpoints: new InMemoryCheckpointStore() });
    await appendNumbered(store, 0, 2);
    r.wake();
    await waitUntil(() => bus.ids('main').length === 2);
    await r.stop();
    await appendNumbered(store, 2, 1);
    r.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bus.ids('main')).toHaveLength(2);
  });

  it('accepts an asynchronous route', async () => {
    const store = new FakeEventStore();
    const bus = new FakeBus();
    await appendNumbered(store, 0, 2);
    await relay({
      store,
      bus,
      checkpoints: new InMemoryCheckpointStore(),
      route: async (event) => [{ topic: 'async', message: { id: event.id, key: 'k', value: null } }],
    }).catchUp();
    expect(bus.ids('async')).toHaveLength(2);
  });

  it('reads the checkpoint again when it takes the lease back from another replica', async () => {
    const store = new FakeEventStore();
    const bus = new FakeBus();
    const shared = new InMemoryCheckpointStore();
    let refused = false;
    // The first replica's view of the shared store, whose claims can be refused (a network split).
    const firstView: CheckpointStore = {
      load: (name) => shared.load(name),
      save: (name, position) => shared.save(name, position),
      claim: async (name, owner, ms) => !refused && shared.claim(name, owner, ms),
      release: (name, owner) => shared.release(name, owner),
    };
    const pause = () => new Promise((resolve) => setTimeout(resolve, 40));
    await appendNumbered(store, 0, 2);
    const first = relay({ store, bus, checkpoints: firstView, leaseMs: 30 });
    await first.catchUp();

    refused = true;
    await pause();
    await first.catchUp();
    await appendNumbered(store, 2, 3);
    const second = relay({ store, bus, checkpoints: shared, leaseMs: 30 });
    await second.catchUp();
    await second.stop();

    refused = false;
    await pause();
    await appendNumbered(store, 5, 1);
    await first.catchUp();
    expect(bus.ids('main')).toEqual(store.events.map((e) => e.id));
  });

  it('keeps its place per relay name', async () => {
    const store = new FakeEventStore();
    const checkpoints: CheckpointStore = new InMemoryCheckpointStore();
    await appendNumbered(store, 0, 2);
    await relay({ name: 'a', store, bus: new FakeBus(), checkpoints }).catchUp();
    const busB = new FakeBus();
    await relay({ name: 'b', store, bus: busB, checkpoints }).catchUp();
    expect(busB.ids('main')).toHaveLength(2);
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
