import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BusMessage,
  deadLetterTopic,
  type EventBus,
  type OutgoingMessage,
  type SubscribeOptions,
  type Subscription,
} from '../event-bus/event-bus.port';

export interface EventBusFixture {
  bus: EventBus;
  /** Closes the bus and whatever the factory opened for it. */
  dispose(): Promise<void>;
}

export interface EventBusContractOptions {
  /**
   * Two members of one group never both handle a message in a normal run. The PostgreSQL log
   * hands partitions over only after committing; Kafka may redeliver around a rebalance.
   */
  exactlyOnceWithinGroup: boolean;
  /** How long to wait for deliveries (default 15 s). */
  timeoutMs?: number;
}

type Value = { n: number };

const FAST_RETRY = { maxAttempts: 3, initialDelayMs: 5, maxDelayMs: 20 };

/** The behaviour every EventBus adapter must show; run once per adapter. */
export function eventBusContract(
  name: string,
  factory: () => Promise<EventBusFixture>,
  options: EventBusContractOptions,
): void {
  const timeoutMs = options.timeoutMs ?? 15_000;

  describe(`EventBus contract: ${name}`, () => {
    let fixture: EventBusFixture;
    let bus: EventBus;
    const open: Subscription[] = [];

    beforeAll(async () => {
      fixture = await factory();
      bus = fixture.bus;
    });

    afterAll(async () => {
      await Promise.all(open.map((s) => s.stop()));
      await fixture?.dispose();
    });

    async function subscribe(subscribeOptions: SubscribeOptions<Value>): Promise<Subscription> {
      const subscription = await bus.subscribe(subscribeOptions);
      open.push(subscription);
      return subscription;
    }

    /** A new group on `topic` that retries a failed delivery at once. */
    const retried = (topic: string) => ({ groupId: uniqueName('g'), topics: [topic], retry: FAST_RETRY });

    /** A new group on `topic` that keeps every delivery in `into`. */
    function collect(topic: string, into: BusMessage<unknown>[]): Promise<Subscription> {
      return subscribe({
        groupId: uniqueName('g'),
        topics: [topic],
        handler: async (m) => void into.push(m),
      });
    }

    function until(condition: () => boolean, what: string, ms = timeoutMs): Promise<void> {
      return waitFor(condition, what, ms);
    }

    it('delivers every published message once, with its id, key, value and headers, in order per key', async () => {
      const topic = uniqueName('orders');
      const messages = numbered(40, (n) => `key-${n % 5}`);
      messages[0]!.headers = { 'x-correlation-id': 'c-1' };
      await bus.publish(topic, messages.slice(0, 25));
      await bus.publish(topic, messages.slice(25));

      const received: BusMessage<Value>[] = [];
      await collect(topic, received);
      await until(() => received.length >= 40, '40 deliveries');
      await settle();

      expect(received).toHaveLength(40);
      expect(new Set(received.map((m) => m.id)).size).toBe(40);
      const first = received.find((m) => m.id === messages[0]!.id)!;
      expect(first).toMatchObject({ topic, key: 'key-0', value: { n: 0 }, attempt: 1 });
      expect(first.headers['x-correlation-id']).toBe('c-1');
      expect(typeof first.offset).toBe('string');
      expect(first.timestamp).toBeInstanceOf(Date);
      expect(Number.isInteger(first.partition)).toBe(true);
      for (let k = 0; k < 5; k++) {
        const sequence = received.filter((m) => m.key === `key-${k}`).map((m) => m.value.n);
        expect(sequence).toEqual([...sequence].sort((a, b) => a - b));
      }
    });

    it('keeps text beyond ASCII, quotes and backslashes exactly as published', async () => {
      const topic = uniqueName('text');
      const text = 'Zoë Ångström — 50 € ✓ 🙂 "quoted" \\ back\nslash';
      const key = 'clé-ü';
      await bus.publish(topic, [{ id: 'text-1', key, value: { text }, headers: { 'x-note': text } }]);
      const received: BusMessage<unknown>[] = [];
      await collect(topic, received);
      await until(() => received.length >= 1, 'the delivery');
      expect(received[0]).toMatchObject({ key, value: { text }, headers: { 'x-note': text } });
    });

    it('gives every message to each consumer group', async () => {
      const topic = uniqueName('fanout');
      await bus.publish(topic, numbered(12));
      const a: string[] = [];
      const b: string[] = [];
      await subscribe({
        groupId: uniqueName('ga'),
        topics: [topic],
        handler: async (m) => void a.push(m.id),
      });
      await subscribe({
        groupId: uniqueName('gb'),
        topics: [topic],
        handler: async (m) => void b.push(m.id),
      });
      await until(() => a.length >= 12 && b.length >= 12, 'both groups');
      expect(new Set(a).size).toBe(12);
      expect(new Set(b)).toEqual(new Set(a));
    });

    it('resumes a group after stop from its committed offset: no loss, no redelivery', async () => {
      const topic = uniqueName('resume');
      const groupId = uniqueName('g');
      const batch1 = numbered(10);
      const batch2 = numbered(5, undefined, 10);
      await bus.publish(topic, batch1);
      const first: string[] = [];
      const s1 = await subscribe({ groupId, topics: [topic], handler: async (m) => void first.push(m.id) });
      await until(() => first.length >= 10, 'first run');
      await s1.stop();

      await bus.publish(topic, batch2);
      const second: string[] = [];
      await subscribe({ groupId, topics: [topic], handler: async (m) => void second.push(m.id) });
      await until(() => second.length >= 5, 'second run');
      await settle();
      expect(new Set(first)).toEqual(new Set(batch1.map((m) => m.id)));
      expect(second.sort()).toEqual(batch2.map((m) => m.id).sort());
    });

    it('starts a new group at the current end when fromBeginning is false', async () => {
      const topic = uniqueName('tail');
      const old = numbered(3);
      await bus.publish(topic, old);
      const received: string[] = [];
      await subscribe({
        groupId: uniqueName('g'),
        topics: [topic],
        fromBeginning: false,
        handler: async (m) => void received.push(m.id),
      });
      const probes: string[] = [];
      await waitFor(
        () => received.length > 0,
        'a message published after subscribing',
        timeoutMs,
        async () => {
          const [probe] = numbered(1, undefined, 100);
          probes.push(probe!.id);
          await bus.publish(topic, [probe!]);
        },
      );
      expect(received.every((id) => probes.includes(id))).toBe(true);
      expect(received.some((id) => old.some((m) => m.id === id))).toBe(false);
    });

    it('retries a failing handler with the attempt number, then delivers once', async () => {
      const topic = uniqueName('retry');
      const messages = numbered(3, () => 'same-key');
      await bus.publish(topic, messages);
      const calls: Array<{ n: number; attempt: number }> = [];
      const succeeded: number[] = [];
      await subscribe({
        ...retried(topic),
        handler: async (m) => {
          calls.push({ n: m.value.n, attempt: m.attempt });
          if (m.value.n === 1 && m.attempt === 1) throw new Error('transient');
          succeeded.push(m.value.n);
        },
      });
      await until(() => succeeded.length >= 3, 'three successes');
      await settle();
      expect(calls).toEqual([
        { n: 0, attempt: 1 },
        { n: 1, attempt: 1 },
        { n: 1, attempt: 2 },
        { n: 2, attempt: 1 },
      ]);
      expect(succeeded).toEqual([0, 1, 2]);
    });

    it('parks a message that keeps failing on the dead-letter topic and moves on', async () => {
      const topic = uniqueName('poison');
      const [poison, next] = numbered(2, () => 'same-key');
      poison!.headers = { 'x-trace': 't-1' };
      await bus.publish(topic, [poison!, next!]);
      const attempts: number[] = [];
      const handled: string[] = [];
      await subscribe({
        ...retried(topic),
        handler: async (m) => {
          if (m.id === poison!.id) {
            attempts.push(m.attempt);
            throw new Error('cannot handle this');
          }
          handled.push(m.id);
        },
      });
      const dead: BusMessage<Value>[] = [];
      await subscribe({
        groupId: uniqueName('dlq'),
        topics: [deadLetterTopic(topic)],
        handler: async (m) => void dead.push(m),
      });
      await until(() => handled.length >= 1 && dead.length >= 1, 'next message and dead letter');

      expect(attempts).toEqual([1, 2, 3]);
      expect(handled).toEqual([next!.id]);
      expect(dead).toHaveLength(1);
      expect(dead[0]).toMatchObject({ id: poison!.id, key: 'same-key', value: { n: 0 } });
      expect(dead[0]!.headers).toMatchObject({
        'x-trace': 't-1',
        'x-original-topic': topic,
        'x-attempts': '3',
        'x-error': 'cannot handle this',
      });
      expect(dead[0]!.headers['x-original-offset']).toEqual(expect.any(String));
    });

    it('keeps the order of one key even when a message is retried', async () => {
      const topic = uniqueName('ordered');
      const messages = numbered(20, (n) => (n % 2 === 0 ? 'even' : 'odd'));
      await bus.publish(topic, messages);
      const done: BusMessage<Value>[] = [];
      await subscribe({
        ...retried(topic),
        handler: async (m) => {
          if (m.value.n % 7 === 3 && m.attempt < 2) throw new Error('flaky');
          done.push(m);
        },
      });
      await until(() => done.length >= 20, 'twenty messages');
      expect(done.filter((m) => m.key === 'even').map((m) => m.value.n)).toEqual([
        0, 2, 4, 6, 8, 10, 12, 14, 16, 18,
      ]);
      expect(done.filter((m) => m.key === 'odd').map((m) => m.value.n)).toEqual([
        1, 3, 5, 7, 9, 11, 13, 15, 17, 19,
      ]);
    });

    it(
      'shares one group between two subscriptions, each handling part of the work',
      async () => {
        const topic = uniqueName('shared');
        const groupId = uniqueName('g');
        const byA: string[] = [];
        const byB: string[] = [];
        await subscribe({ groupId, topics: [topic], handler: async (m) => void byA.push(m.id) });
        await subscribe({ groupId, topics: [topic], handler: async (m) => void byB.push(m.id) });
        const published: string[] = [];
        await waitFor(
          () => byA.length > 0 && byB.length > 0,
          'both members handling messages',
          timeoutMs,
          async () => {
            const batch = numbered(16, (n) => `k-${published.length + n}`);
            published.push(...batch.map((m) => m.id));
            await bus.publish(topic, batch);
          },
        );
        await until(() => new Set([...byA, ...byB]).size >= published.length, 'every message');
        await settle();
        const all = [...byA, ...byB];
        expect(new Set(all)).toEqual(new Set(published));
        if (options.exactlyOnceWithinGroup) expect(all).toHaveLength(published.length);
        // Two joins (each a rebalance) come before the deliveries are waited for.
      },
      3 * timeoutMs,
    );

    it('redelivers a message whose handler failed while the subscription was stopping', async () => {
      const topic = uniqueName('crash');
      const groupId = uniqueName('g');
      const [message] = numbered(1);
      await bus.publish(topic, [message!]);
      let entered = false;
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const s1 = await subscribe({
        groupId,
        topics: [topic],
        retry: { maxAttempts: 5, initialDelayMs: 60_000, maxDelayMs: 60_000 },
        handler: async () => {
          entered = true;
          await gate;
          throw new Error('process is going down');
        },
      });
      await until(() => entered, 'the handler to start');
      const stopping = s1.stop();
      release();
      await stopping;

      const redelivered: BusMessage<Value>[] = [];
      await subscribe({ groupId, topics: [topic], handler: async (m) => void redelivered.push(m) });
      await until(() => redelivered.length >= 1, 'the redelivery');
      expect(redelivered[0]).toMatchObject({ id: message!.id, value: { n: 0 } });
    });
  });
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

function numbered(
  count: number,
  key: (n: number) => string = (n) => `key-${n}`,
  from = 0,
): Array<OutgoingMessage<Value>> {
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    key: key(from + i),
    value: { n: from + i },
  }));
}

/** Gives a wrong extra delivery the chance to show up before asserting there was none. */
function settle(ms = 300): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `condition`; `each` runs before every check (e.g. publishing a probe). */
export async function waitFor(
  condition: () => boolean,
  what: string,
  timeoutMs: number,
  each?: () => Promise<void>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await each?.();
    if (condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, each ? 100 : 20));
  }
}
