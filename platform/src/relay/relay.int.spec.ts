import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BusMessage, Subscription } from '../event-bus/event-bus.port';
import { PostgresEventBus } from '../event-bus/postgres-event-bus.adapter';
import type { StoredEvent } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres-event-store.adapter';
import { silentLogger } from '../logging/logger';
import type { SqlClient } from '../sql/sql-client.port';
import { uniqueName, waitFor } from '../testing/event-bus.contract';
import { sqlTargets } from '../testing/sql';
import { describeTarget } from '../testing/targets';
import { PostgresCheckpointStore } from './checkpoint-store';
import { runOnce } from './idempotency';
import { type Relay, startRelay } from './relay';

for (const target of sqlTargets()) {
  describeTarget(`relay over PostgresEventStore and PostgresEventBus on ${target.name}`, target, () => {
    let sql: SqlClient;
    let store: PostgresEventStore;
    let bus: PostgresEventBus;
    let checkpoints: PostgresCheckpointStore;
    const running: Array<Relay | Subscription> = [];

    beforeAll(async () => {
      sql = await target.open();
      store = await PostgresEventStore.create(sql);
      bus = await PostgresEventBus.create(sql, { pollIntervalMs: 25, logger: silentLogger() });
      checkpoints = await PostgresCheckpointStore.create(sql);
    });

    afterAll(async () => {
      await Promise.all(running.map((r) => r.stop()));
      await bus?.close();
      await sql?.close();
    });

    /** Each test relays its own streams to its own topic under its own relay name. */
    function setup() {
      const prefix = uniqueName('s');
      const topic = uniqueName('topic');
      const name = uniqueName('relay');
      const route = (event: StoredEvent) =>
        event.streamId.startsWith(prefix)
          ? [{ topic, message: { id: event.id, key: event.streamId, value: event.data } }]
          : [];
      const start = (): Relay => {
        const relay = startRelay({
          name,
          store,
          bus,
          checkpoints,
          route,
          pollIntervalMs: 25,
          logger: silentLogger(),
        });
        running.push(relay);
        return relay;
      };
      const append = async (stream: string, ns: number[]) => {
        const events = await store.appendToStream(
          `${prefix}-${stream}`,
          ns.map((n) => ({ type: 'Counted', data: { n } })),
          { expectedVersion: 'any' },
        );
        return events;
      };
      const consume = async (into: BusMessage<{ n: number }>[]) => {
        const s = await bus.subscribe<{ n: number }>({
          groupId: uniqueName('g'),
          topics: [topic],
          handler: async (m) => void into.push(m),
        });
        running.push(s);
      };
      return { prefix, topic, name, route, start, append, consume };
    }

    it('delivers appended events to bus consumers, keyed by stream and in stream order', async () => {
      const t = setup();
      const received: BusMessage<{ n: number }>[] = [];
      await t.consume(received);
      const relay = t.start();
      await t.append('a', [1, 2, 3]);
      await t.append('b', [10]);
      relay.wake();
      await waitFor(() => received.length >= 4, 'four messages', 15_000);
      const stored = (await store.readStream(`${t.prefix}-a`)).map((e) => e.id);
      expect(received.filter((m) => m.key === `${t.prefix}-a`).map((m) => m.id)).toEqual(stored);
      expect(received.map((m) => m.value.n).sort((x, y) => x - y)).toEqual([1, 2, 3, 10]);
    });

    it('loses nothing and repeats nothing across a clean restart', async () => {
      const t = setup();
      const received: BusMessage<{ n: number }>[] = [];
      await t.consume(received);
      await t.append('a', [1, 2]);
      const first = t.start();
      await first.catchUp();
      await first.stop();
      await t.append('a', [3]);
      await t.start().catchUp();
      await waitFor(() => received.length >= 3, 'three messages', 15_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received.map((m) => m.value.n)).toEqual([1, 2, 3]);
    });

    it('with two replicas running, publishes each event once, and a standby takes over on stop', async () => {
      const t = setup();
      const received: BusMessage<{ n: number }>[] = [];
      await t.consume(received);
      const first = t.start();
      const second = t.start();
      await t.append('a', [1, 2, 3]);
      first.wake();
      second.wake();
      await waitFor(() => received.length >= 3, 'three messages', 15_000);
      await first.stop();
      await second.stop();
      // The lease went with the stop; a fresh replica takes over at once from the checkpoint.
      const third = t.start();
      await t.append('b', [4]);
      third.wake();
      await waitFor(() => received.length >= 4, 'the fourth message', 15_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.map((m) => m.value.n).sort((x, y) => x - y)).toEqual([1, 2, 3, 4]);
    });

    it('lets a standby take over when the holder stops renewing (a crashed replica)', async () => {
      const t = setup();
      expect(await checkpoints.claim(t.name, 'crashed-replica', 300)).toBe(true);
      expect(await checkpoints.claim(t.name, 'standby', 300)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await checkpoints.claim(t.name, 'standby', 300)).toBe(true);
      expect(await checkpoints.claim(t.name, 'crashed-replica', 300)).toBe(false);
    });

    it('after a crash between publish and checkpoint, redelivers with the same id and loses nothing', async () => {
      const t = setup();
      const received: BusMessage<{ n: number }>[] = [];
      await t.consume(received);
      await t.append('a', [1, 2]);
      const crashing = {
        load: (name: string) => checkpoints.load(name),
        claim: (name: string, owner: string, ms: number) => checkpoints.claim(name, owner, ms),
        release: (name: string, owner: string) => checkpoints.release(name, owner),
        save: async () => {
          throw new Error('process died before the checkpoint was written');
        },
      };
      // A relay runs one batch as soon as it starts; stop() waits for it: one publish, no checkpoint.
      const crashed = startRelay({
        name: t.name,
        store,
        bus,
        checkpoints: crashing,
        route: t.route,
        logger: silentLogger(),
      });
      await crashed.stop();
      expect(await checkpoints.load(t.name)).toBeUndefined();
      await t.append('a', [3]);
      await t.start().catchUp();

      await waitFor(() => received.length >= 5, 'the duplicates and the new event', 15_000);
      const ids = (await store.readStream(`${t.prefix}-a`)).map((e) => e.id);
      expect(received.map((m) => m.id).sort()).toEqual([ids[0], ids[0], ids[1], ids[1], ids[2]].sort());

      // An idempotent consumer sees each event once.
      const consumer = uniqueName('consumer');
      let effects = 0;
      for (const m of received) {
        await runOnce(sql, consumer, m.id, async () => {
          effects++;
        });
      }
      expect(effects).toBe(3);
    });
  });
}
