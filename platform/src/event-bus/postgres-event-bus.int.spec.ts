import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger';
import { migrate } from '../sql/migrations';
import type { SqlClient } from '../sql/sql-client.port';
import { uniqueName, waitFor } from '../testing/event-bus.contract';
import { eventually } from '../testing/eventually';
import { secondConnection, sqlTargets } from '../testing/sql';
import { describeTarget } from '../testing/targets';
import type { BusMessage, EventBus, OutgoingMessage, Subscription } from './event-bus.port';
import { partitionOf } from './partitioner';
import { PostgresEventBus, type PostgresEventBusOptions } from './postgres-event-bus.adapter';
import { eventBusMigrations } from './postgres-event-bus.migrations';

const message = (n: number, key = 'k'): OutgoingMessage<{ n: number }> => ({
  id: randomUUID(),
  key,
  value: { n },
});
const numbered = (count: number) => Array.from({ length: count }, (_, n) => message(n));

for (const target of sqlTargets()) {
  describeTarget(`PostgresEventBus specifics on ${target.name}`, target, () => {
    let sql: SqlClient;
    let bus: PostgresEventBus;
    const subscriptions: Subscription[] = [];

    beforeAll(async () => {
      sql = await target.open();
      bus = await PostgresEventBus.create(sql, {
        pollIntervalMs: 25,
        leaseMs: 1_500,
        logger: silentLogger(),
      });
    });

    afterAll(async () => {
      await Promise.all(subscriptions.map((s) => s.stop()));
      await bus?.close();
      await sql?.close();
    });

    async function collect(groupId: string, topic: string, into: BusMessage[]): Promise<Subscription> {
      const s = await bus.subscribe({ groupId, topics: [topic], handler: async (m) => void into.push(m) });
      subscriptions.push(s);
      return s;
    }

    /** Another bus on the same database; a short poll keeps the suite quick unless `options` differ. */
    const busWith = (options: PostgresEventBusOptions) =>
      PostgresEventBus.create(sql, { pollIntervalMs: 25, logger: silentLogger(), ...options });
    /** A new group (named after `group`) on `topic` that pushes what it handles into `into`. */
    const pushInto = <T>(on: EventBus, group: string, topic: string, into: T[], map: (m: BusMessage) => T) =>
      on.subscribe({
        groupId: uniqueName(group),
        topics: [topic],
        handler: async (m) => void into.push(map(m)),
      });

    it('purges one key of a topic for good, but the kept ids: offsets hold and consumers skip the tombstones', async () => {
      const topic = uniqueName('purge');
      const early: BusMessage[] = [];
      await collect(uniqueName('early'), topic, early);
      // One publish, so the purged messages share record batches with the others.
      const kept = message(3, 'erase-me');
      const batch = [
        message(1, 'erase-me'),
        message(2, 'other'),
        kept,
        message(4, 'erase-me'),
        message(5, 'other'),
      ];
      batch[0]!.value = { n: 1, name: 'Purgeable Person' } as never;
      await bus.publish(topic, batch);
      await waitFor(() => early.length === 5, 'the first group reads all five', 10_000);

      const purged = await bus.purgeKeys([{ topic, key: 'erase-me', keepIds: [kept.id] }]);
      expect(purged).toBe(2);
      expect(await bus.purgeKeys([{ topic, key: 'erase-me', keepIds: [kept.id] }])).toBe(0);
      const { rows } = await sql.query<{ id: string; value: unknown }>(
        'SELECT id, value FROM bus_messages WHERE topic = $1 ORDER BY transaction_id, seq, index',
        [topic],
      );
      expect(new Map(rows.map((r) => [r.id, r.value]))).toEqual(
        new Map<string, unknown>([
          [batch[0]!.id, null],
          [batch[1]!.id, { n: 2 }],
          [kept.id, { n: 3 }],
          [batch[3]!.id, null],
          [batch[4]!.id, { n: 5 }],
        ]),
      );
      const { rows: text } = await sql.query(
        "SELECT count(*)::int AS n FROM bus_batches WHERE records LIKE '%Purgeable Person%'",
      );
      expect(text).toEqual([{ n: 0 }]);

      // A group that starts now reads every message but the purged ones, in order.
      const late: BusMessage[] = [];
      await collect(uniqueName('late'), topic, late);
      await bus.publish(topic, [message(6, 'other')]);
      await waitFor(() => late.length === 4, 'the late group reads the four left', 10_000);
      expect(late.map((m) => (m.value as { n: number }).n).sort()).toEqual([2, 3, 5, 6]);
    });

    it('stores each message in the FNV-1a partition of its key', async () => {
      const topic = uniqueName('hash');
      const keys = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];
      await bus.publish(
        topic,
        keys.map((key, n) => message(n, key)),
      );
      const { rows } = await sql.query<{ key: string; partition: number }>(
        'SELECT key, partition FROM bus_messages WHERE topic = $1',
        [topic],
      );
      expect(rows).toHaveLength(keys.length);
      for (const row of rows) expect(row.partition).toBe(partitionOf(row.key, 4));
    });

    it('writes the publishes of one turn of the event loop in one statement, each batch in its order', async () => {
      const [first, second] = [uniqueName('together'), uniqueName('together')];
      const publishes = [
        { topic: first, messages: [message(0, 'a'), message(1, 'a'), message(2, 'b')] },
        { topic: second, messages: [message(3, 'a')] },
        { topic: first, messages: [message(4, 'a'), message(5, 'b')] },
      ];
      await Promise.all(publishes.map((p) => bus.publish(p.topic, p.messages)));
      const { rows } = await sql.query<{ topic: string; id: string; tx: string }>(
        `SELECT topic, id, transaction_id::text AS tx FROM bus_messages
         WHERE topic IN ($1, $2) ORDER BY transaction_id, seq, index`,
        [first, second],
      );
      // One transaction, and within it each partition's messages in the order they were published.
      expect(new Set(rows.map((r) => r.tx)).size).toBe(1);
      const order = (topic: string, key: string) =>
        rows
          .filter((r) => r.topic === topic)
          .map((r) => r.id)
          .filter((id) => publishes.some((p) => p.messages.some((m) => m.id === id && m.key === key)));
      const ids = (topic: string, key: string) =>
        publishes
          .filter((p) => p.topic === topic)
          .flatMap((p) => p.messages)
          .filter((m) => m.key === key)
          .map((m) => m.id);
      for (const [topic, key] of [
        [first, 'a'],
        [first, 'b'],
        [second, 'a'],
      ] as const) {
        expect(order(topic, key)).toEqual(ids(topic, key));
      }
      // A publish in a later turn is a statement of its own.
      await bus.publish(second, [message(6)]);
      const { rows: later } = await sql.query<{ n: number }>(
        'SELECT count(DISTINCT transaction_id)::int AS n FROM bus_batches WHERE topic = $1',
        [second],
      );
      expect(later[0]!.n).toBe(2);
    });

    it('fails alone a publish whose messages cannot be encoded, and writes the others', async () => {
      const topic = uniqueName('encode');
      const unencodable: OutgoingMessage = { id: randomUUID(), key: 'k', value: { n: 10n } };
      const results = await Promise.allSettled([
        bus.publish(topic, [message(1)]),
        bus.publish(topic, [unencodable]),
        bus.publish(topic, [message(3)]),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const { rows } = await sql.query<{ n: number }>(
        "SELECT (value->>'n')::int AS n FROM bus_messages WHERE topic = $1 ORDER BY transaction_id, seq, index",
        [topic],
      );
      expect(rows.map((r) => r.n)).toEqual([1, 3]);
    });

    it('fails every publish of a statement that fails, writing none of them', async () => {
      const topic = uniqueName('refused');
      await bus.publish(topic, [message(0)]);
      // A trigger stands in for whatever can make the database refuse the statement.
      const fn = uniqueName('refuse').replaceAll('-', '_').replaceAll('.', '_');
      await sql.query(
        `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.topic = '${topic}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`,
      );
      await sql.query(
        `CREATE TRIGGER ${fn} BEFORE INSERT ON bus_batches FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
      );
      const other = uniqueName('bystander');
      try {
        const results = await Promise.allSettled([
          bus.publish(other, [message(1)]),
          bus.publish(topic, [message(2)]),
        ]);
        expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      } finally {
        await sql.query(`DROP TRIGGER ${fn} ON bus_batches`);
        await sql.query(`DROP FUNCTION ${fn}()`);
      }
      const { rows } = await sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM bus_messages WHERE topic IN ($1, $2)',
        [topic, other],
      );
      expect(rows[0]!.n).toBe(1);
    });

    it('keeps the partition count a topic was created with', async () => {
      const topic = uniqueName('fixed');
      await bus.publish(topic, [message(0)]);
      const other = await PostgresEventBus.create(sql, { partitions: 2, logger: silentLogger() });
      const keys = Array.from({ length: 40 }, (_, i) => `key-${i}`);
      await other.publish(
        topic,
        keys.map((key, n) => message(n, key)),
      );
      const { rows } = await sql.query<{ max: number }>(
        'SELECT max(partition)::int AS max FROM bus_messages WHERE topic = $1',
        [topic],
      );
      expect(rows[0]!.max).toBe(3);
      await other.close();
    });

    it('never delivers messages published in a transaction that rolled back', async () => {
      const topic = uniqueName('rollback');
      await sql
        .transaction(async (tx) => {
          await bus.publishWithin(tx, topic, [message(0)]);
          throw new Error('abort the business transaction');
        })
        .catch(() => {});
      const committed = message(1);
      await sql.transaction((tx) => bus.publishWithin(tx, topic, [committed]));
      const received: BusMessage[] = [];
      await collect(uniqueName('g'), topic, received);
      await waitFor(() => received.length >= 1, 'the committed message', 10_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received.map((m) => m.id)).toEqual([committed.id]);
    });

    it("takes over a crashed member's partitions once its lease expires", async () => {
      const topic = uniqueName('lease');
      const groupId = uniqueName('g');
      await bus.publish(topic, [message(0)]);
      // A member that claimed every partition and then died: nobody renews its lease.
      await sql.query(
        `INSERT INTO bus_consumer_offsets (group_id, topic, partition, owner, lease_until)
         SELECT $1, $2, p, 'crashed-member', now() + interval '1 second' FROM generate_series(0, 3) AS p`,
        [groupId, topic],
      );
      const started = Date.now();
      const received: BusMessage[] = [];
      await collect(groupId, topic, received);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toHaveLength(0);
      await waitFor(() => received.length >= 1, 'delivery after the lease expired', 10_000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    });

    it('purges old batches only once every group has committed past all of their messages', async () => {
      const topic = uniqueName('purge');
      await bus.publish(topic, [message(0)]);
      await bus.publish(topic, [message(1)]);
      // One publish writes one record batch per partition: 2 and 3 share a row.
      await bus.publish(topic, [message(2), message(3)]);
      const all: BusMessage[] = [];
      await collect(uniqueName('fast'), topic, all);
      const slowHandled: number[] = [];
      const slow = await bus.subscribe<{ n: number }>({
        groupId: uniqueName('slow'),
        topics: [topic],
        retry: { maxAttempts: 10, initialDelayMs: 60_000, maxDelayMs: 60_000 },
        handler: async (m) => {
          if (m.value.n >= 3) throw new Error('not yet');
          slowHandled.push(m.value.n);
        },
      });
      await waitFor(() => all.length >= 4 && slowHandled.length >= 3, 'both groups', 10_000);
      await slow.stop();

      expect(await bus.purgeOlderThan(60_000)).toBe(0);
      // The purge covers every topic; earlier tests' fully consumed messages go too.
      expect(await bus.purgeOlderThan(0)).toBeGreaterThanOrEqual(2);
      // The slow group read 2 but not 3: their batch stays whole.
      const { rows } = await sql.query<{ n: number }>(
        "SELECT (value->>'n')::int AS n FROM bus_messages WHERE topic = $1 ORDER BY seq, index",
        [topic],
      );
      expect(rows.map((r) => r.n)).toEqual([2, 3]);

      const unread = uniqueName('unread');
      await bus.publish(unread, [message(9)]);
      await bus.purgeOlderThan(0);
      const left = await sql.query('SELECT 1 FROM bus_messages WHERE topic = $1', [unread]);
      expect(left.rowCount).toBe(0);
    });

    it('purges on its own schedule what every group has read, once retention has passed', async () => {
      const keeping = await busWith({ retentionMs: 1, purgeIntervalMs: 50 });
      const topic = uniqueName('retention');
      const read: BusMessage[] = [];
      const s = await pushInto(keeping, 'g', topic, read, (m) => m);
      await keeping.publish(topic, [message(0), message(1)]);
      await waitFor(() => read.length >= 2, 'both messages', 10_000);
      await s.stop(); // commits the offset past both
      await eventually(async () =>
        expect((await sql.query('SELECT 1 FROM bus_batches WHERE topic = $1', [topic])).rowCount).toBe(0),
      );
      await keeping.close();
    });

    it('resumes a group inside a record batch, from the message after its offset', async () => {
      const topic = uniqueName('inside');
      await bus.publish(topic, numbered(10));
      const groupId = uniqueName('g');
      const first: number[] = [];
      const s = await bus.subscribe<{ n: number }>({
        groupId,
        topics: [topic],
        retry: { maxAttempts: 10, initialDelayMs: 60_000, maxDelayMs: 60_000 },
        handler: async (m) => {
          if (m.value.n >= 6) throw new Error('stop here');
          first.push(m.value.n);
        },
      });
      await waitFor(() => first.length === 6, 'the first six', 10_000);
      await s.stop();
      const rest: number[] = [];
      const resumed = await bus.subscribe<{ n: number }>({
        groupId,
        topics: [topic],
        handler: async (m) => void rest.push(m.value.n),
      });
      subscriptions.push(resumed);
      await waitFor(() => rest.length >= 4, 'the last four', 10_000);
      expect(first).toEqual([0, 1, 2, 3, 4, 5]);
      expect(rest).toEqual([6, 7, 8, 9]);
    });

    it('splits a record batch larger than the fetch size across deliveries, losing nothing', async () => {
      const small = await busWith({ batchSize: 4 });
      const topic = uniqueName('split');
      await small.publish(topic, numbered(10));
      const batches: number[][] = [];
      const s = await small.subscribe<{ n: number }>({
        groupId: uniqueName('g'),
        topics: [topic],
        handler: async () => {
          throw new Error('the batch path should be used');
        },
        handleBatch: async (messages) => void batches.push(messages.map((m) => m.value.n)),
      });
      await waitFor(() => batches.flat().length >= 10, 'the ten messages', 10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await s.stop();
      await small.close();
      expect(batches).toEqual([
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [8, 9],
      ]);
    });

    it('hands a live group and a later one the same messages, text beyond ASCII included, across fetches', async () => {
      const small = await busWith({ batchSize: 4 });
      const topic = uniqueName('recent');
      type Seen = Pick<BusMessage, 'id' | 'key' | 'value' | 'headers' | 'offset' | 'partition'>;
      const seen = (m: BusMessage): Seen => ({
        id: m.id,
        key: m.key,
        value: m.value,
        headers: m.headers,
        offset: m.offset,
        partition: m.partition,
      });
      const live: Seen[] = [];
      const s = await pushInto(small, 'live', topic, live, seen);
      // One row of ten (one key), read in fetches of four.
      const published = Array.from({ length: 10 }, (_, n) => ({
        ...message(n),
        value: { n, text: `é ✓ "quoted" \\ ${n} 👍` },
        headers: { traceparent: `t-${n}` },
      }));
      await small.publish(topic, published);
      await waitFor(() => live.length >= 10, 'the ten messages', 10_000);
      await small.publish(topic, [message(10)]);
      await waitFor(() => live.length >= 11, 'the eleventh', 10_000);
      await s.stop();

      // A group that starts afterwards reads the whole log at once: the same messages.
      const late: Seen[] = [];
      const t = await pushInto(small, 'late', topic, late, seen);
      await waitFor(() => late.length >= 11, 'the eleven again', 10_000);
      await t.stop();
      await small.close();
      expect(live.map((m) => m.value)).toEqual([...published.map((m) => m.value), { n: 10 }]);
      expect(late).toEqual(live);
    });

    it('still finds, after a long quiet spell, a message written without waking it', async () => {
      const quiet = await busWith({ maxPollIntervalMs: 200 });
      const topic = uniqueName('quiet');
      const received: BusMessage[] = [];
      const s = await pushInto(quiet, 'g', topic, received, (m) => m);
      // Long enough for the poll to back off to its longest wait.
      await new Promise((resolve) => setTimeout(resolve, 600));
      // Written as another process would: inside a transaction, which wakes nobody here.
      await sql.transaction((tx) => quiet.publishWithin(tx, topic, [message(1)]));
      await waitFor(() => received.length === 1, 'the message, found by polling', 5_000);
      await s.stop();
      await quiet.close();
    });

    it('carries messages and offsets written before record batches into them', async () => {
      const old = await target.open();
      try {
        await migrate(old, 'event-bus', eventBusMigrations.slice(0, 1));
        const topic = uniqueName('upgrade');
        await old.query(`INSERT INTO bus_topics (topic, partitions) VALUES ($1, 1)`, [topic]);
        for (const n of [0, 1, 2]) {
          await old.query(
            `INSERT INTO bus_messages (topic, partition, id, key, value, headers)
             VALUES ($1, 0, $2, 'k', $3::jsonb, '{"h":"v"}'::jsonb)`,
            [topic, `m${n}`, JSON.stringify({ n })],
          );
        }
        // A group that had read the first message.
        await old.query(
          `INSERT INTO bus_consumer_offsets (group_id, topic, partition, offset_tx, offset_seq)
           SELECT 'upgraded', topic, partition, transaction_id, seq FROM bus_messages
           WHERE topic = $1 AND id = 'm0'`,
          [topic],
        );
        const upgraded = await PostgresEventBus.create(old, { pollIntervalMs: 25, logger: silentLogger() });
        const received: BusMessage[] = [];
        const s = await upgraded.subscribe({
          groupId: 'upgraded',
          topics: [topic],
          handler: async (m) => void received.push(m),
        });
        await waitFor(() => received.length >= 2, 'the two unread messages', 10_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await s.stop();
        await upgraded.close();
        expect(received.map((m) => [m.id, m.value, m.headers])).toEqual([
          ['m1', { n: 1 }, { h: 'v' }],
          ['m2', { n: 2 }, { h: 'v' }],
        ]);
      } finally {
        await old.close();
      }
    });

    it('hands a consumer with handleBatch whole fetched batches, in order, and commits after each', async () => {
      const topic = uniqueName('batch');
      await bus.publish(topic, numbered(50));
      const batches: number[][] = [];
      const groupId = uniqueName('g');
      const s = await bus.subscribe<{ n: number }>({
        groupId,
        topics: [topic],
        handler: async () => {
          throw new Error('the batch path should be used');
        },
        handleBatch: async (messages) => void batches.push(messages.map((m) => m.value.n)),
      });
      await waitFor(() => batches.flat().length === 50, 'the 50 messages in batches', 10_000);
      await s.stop();
      expect(batches.flat()).toEqual(Array.from({ length: 50 }, (_, n) => n));
      expect(batches.length).toBeLessThan(50);
      const again: number[] = [];
      const resumed = await bus.subscribe<{ n: number }>({
        groupId,
        topics: [topic],
        handler: async (m) => void again.push(m.value.n),
        handleBatch: async (messages) => void again.push(...messages.map((m) => m.value.n)),
      });
      subscriptions.push(resumed);
      await bus.publish(topic, [message(50)]);
      await waitFor(() => again.includes(50), 'the message after the commit', 10_000);
      expect(again).toEqual([50]);
    });

    it('falls back to one message at a time when a batch fails, dead-lettering only the poison one', async () => {
      const topic = uniqueName('batchfail');
      await bus.publish(
        topic,
        [0, 1, 2].map((n) => message(n)),
      );
      const handled: number[] = [];
      const dead: BusMessage[] = [];
      await collect(uniqueName('dlq'), `${topic}.dlq`, dead);
      const s = await bus.subscribe<{ n: number }>({
        groupId: uniqueName('g'),
        topics: [topic],
        retry: { maxAttempts: 2, initialDelayMs: 1, maxDelayMs: 1 },
        handler: async (m) => {
          if (m.value.n === 1) throw new Error('poison');
          handled.push(m.value.n);
        },
        handleBatch: async (messages) => {
          if (messages.some((m) => m.value.n === 1)) throw new Error('poison in batch');
          handled.push(...messages.map((m) => m.value.n));
        },
      });
      subscriptions.push(s);
      await waitFor(
        () => handled.length === 2 && dead.length === 1,
        'two handled and one dead-lettered',
        10_000,
      );
      expect(handled).toEqual([0, 2]);
      expect((dead[0]!.value as { n: number }).n).toBe(1);
    });

    it('migrates idempotently', async () => {
      await PostgresEventBus.create(sql, { logger: silentLogger() });
      const { rows } = await sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM schema_migrations WHERE module = 'event-bus'",
      );
      expect(rows[0]!.n).toBe(eventBusMigrations.length);
    });

    // A transaction held open while another commits needs a second connection.
    describeTarget('a message whose transaction commits late', secondConnection(target), () => {
      it('is delivered in commit-safe order', async () => {
        const topic = uniqueName('late');
        const received: BusMessage[] = [];
        await collect(uniqueName('g'), topic, received);
        const early = message(0, 'same');
        const later = message(1, 'same');
        let commit: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          commit = resolve;
        });
        let written: () => void = () => {};
        const inserted = new Promise<void>((resolve) => {
          written = resolve;
        });
        const slow = sql.transaction(async (tx) => {
          await bus.publishWithin(tx, topic, [early]);
          written();
          await held;
        });
        await inserted;
        await bus.publish(topic, [later]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        // The later message waits until nothing older can still commit ahead of it.
        expect(received).toHaveLength(0);
        commit();
        await slow;
        await waitFor(() => received.length >= 2, 'both messages', 30_000);
        expect(received.map((m) => m.id)).toEqual([early.id, later.id]);
      });
    });
  });
}
