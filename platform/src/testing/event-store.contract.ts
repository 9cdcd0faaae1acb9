import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type StoredEvent,
  WrongExpectedVersionError,
} from '../event-store/event-store.port';
import { eventually } from './eventually';

export interface EventStoreFixture {
  store: EventStore;
  cleanup(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Follows readAll page by page from `after`, as a relay does, until `done` holds for what was
 * read. An empty page only means "nothing more yet", so following waits and asks again.
 */
export async function follow(
  store: EventStore,
  options: { after?: GlobalPosition; limit: number; done: (read: StoredEvent[]) => boolean },
): Promise<{ events: StoredEvent[]; pageSizes: number[] }> {
  const events: StoredEvent[] = [];
  const pageSizes: number[] = [];
  let after = options.after;
  return eventually(async () => {
    for (;;) {
      const page = await store.readAll({ after, limit: options.limit });
      if (page.length > 0) {
        pageSizes.push(page.length);
        events.push(...page);
        after = page.at(-1)!.position;
      }
      if (options.done(events)) return { events, pageSizes };
      if (page.length === 0) throw new Error(`readAll: ${events.length} events so far, still waiting`);
    }
  });
}

function event(type: string, data: unknown = {}, extra: Partial<NewEvent> = {}): NewEvent {
  return { type, data, ...extra };
}

/** The one behavioural suite every EventStore adapter passes. */
export function eventStoreContract(name: string, factory: () => Promise<EventStoreFixture>): void {
  describe(name, () => {
    let fixture: EventStoreFixture | undefined;
    let store: EventStore;
    // Unique stream names keep the suite independent of whatever else the store holds.
    const run = randomUUID().slice(0, 8);
    let counter = 0;
    const stream = (label: string) => `contract-${run}-${label}-${++counter}`;
    const ofStreams = (events: StoredEvent[], streams: string[]) =>
      events.filter((e) => streams.includes(e.streamId));

    beforeAll(async () => {
      fixture = await factory();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    it('appends the first event of a new stream with no_stream', async () => {
      const id = stream('new');
      const result = await store.appendToStream(id, [event('Opened', { n: 1 })], {
        expectedVersion: 'no_stream',
      });
      expect(result.nextExpectedVersion).toBe(0);
      const [stored, ...rest] = await store.readStream(id);
      expect(rest).toEqual([]);
      expect(stored).toMatchObject({
        streamId: id,
        streamVersion: 0,
        type: 'Opened',
        data: { n: 1 },
        metadata: {},
      });
      expect(stored!.recordedAt).toBeInstanceOf(Date);
      expect(stored!.position).toBe(result.position);
    });

    it('appends with the current version as expected version', async () => {
      const id = stream('expected');
      const first = await store.appendToStream(id, [event('A'), event('B')], {
        expectedVersion: 'no_stream',
      });
      expect(first.nextExpectedVersion).toBe(1);
      const second = await store.appendToStream(id, [event('C')], { expectedVersion: 1 });
      expect(second.nextExpectedVersion).toBe(2);
      expect((await store.readStream(id)).map((e) => [e.streamVersion, e.type])).toEqual([
        [0, 'A'],
        [1, 'B'],
        [2, 'C'],
      ]);
    });

    it.each<{ case: string; existing: number; expected: ExpectedVersion; actual: number }>([
      { case: 'a version ahead of the stream', existing: 1, expected: 3, actual: 0 },
      { case: 'a version behind the stream', existing: 3, expected: 1, actual: 2 },
      { case: 'no_stream on an existing stream', existing: 1, expected: 'no_stream', actual: 0 },
      { case: 'version 0 on a missing stream', existing: 0, expected: 0, actual: -1 },
    ])(
      'rejects $case with WrongExpectedVersionError and stores nothing',
      async ({ existing, expected, actual }) => {
        const id = stream('conflict');
        if (existing > 0) {
          const events = Array.from({ length: existing }, (_, i) => event('Existing', { i }));
          await store.appendToStream(id, events, { expectedVersion: 'no_stream' });
        }
        const attempt = store.appendToStream(id, [event('Rejected')], { expectedVersion: expected });
        await expect(attempt).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await expect(attempt).rejects.toMatchObject({
          code: 'WRONG_EXPECTED_VERSION',
          streamId: id,
          expected,
          actual,
        });
        const stored = await store.readStream(id);
        expect(stored).toHaveLength(existing);
        expect(stored.every((e) => e.type === 'Existing')).toBe(true);
      },
    );

    it("appends with 'any' to a new and to an existing stream", async () => {
      const id = stream('any');
      expect(
        (await store.appendToStream(id, [event('A')], { expectedVersion: 'any' })).nextExpectedVersion,
      ).toBe(0);
      const second = await store.appendToStream(id, [event('B'), event('C')], { expectedVersion: 'any' });
      expect(second.nextExpectedVersion).toBe(2);
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    it('rejects an empty append', async () => {
      await expect(
        store.appendToStream(stream('empty'), [], { expectedVersion: 'any' }),
      ).rejects.toBeInstanceOf(RangeError);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(stream('unknown'))).toEqual([]);
    });

    it('keeps the order of the events of one append', async () => {
      const id = stream('order');
      const types = ['First', 'Second', 'Third', 'Fourth'];
      await store.appendToStream(
        id,
        types.map((t, i) => event(t, { i })),
        { expectedVersion: 'no_stream' },
      );
      const stored = await store.readStream(id);
      expect(stored.map((e) => [e.streamVersion, e.type, e.data])).toEqual(
        types.map((t, i) => [i, t, { i }]),
      );
      expect(new Set(stored.map((e) => e.position)).size).toBe(types.length);
    });

    describe('reading all streams in global order', () => {
      const streams: string[] = [];
      let appended: string[] = [];
      let before: GlobalPosition;

      beforeAll(async () => {
        const marker = await store.appendToStream(stream('marker'), [event('Marker')], {
          expectedVersion: 'no_stream',
        });
        before = marker.position;
        streams.push(stream('all-a'), stream('all-b'), stream('all-c'));
        const [a, b, c] = streams as [string, string, string];
        const plan: [string, NewEvent[], ExpectedVersion][] = [
          [a, [event('A0')], 'no_stream'],
          [b, [event('B0')], 'no_stream'],
          [a, [event('A1'), event('A2')], 0],
          [c, [event('C0')], 'no_stream'],
          [b, [event('B1'), event('B2'), event('B3')], 0],
        ];
        appended = [];
        for (const [id, events, expectedVersion] of plan) {
          const withIds = events.map((e) => ({ ...e, id: randomUUID() }));
          await store.appendToStream(id, withIds, { expectedVersion });
          appended.push(...withIds.map((e) => e.id));
        }
      });

      const readsAll = (events: StoredEvent[]) => ofStreams(events, streams).length >= appended.length;

      it('from the start, in append order across streams', async () => {
        const { events } = await follow(store, { limit: 1000, done: readsAll });
        expect(ofStreams(events, streams).map((e) => e.id)).toEqual(appended);
      });

      it('from a checkpoint, exclusive of the checkpoint itself', async () => {
        const { events } = await follow(store, { after: before, limit: 1000, done: readsAll });
        expect(events[0]?.type).not.toBe('Marker');
        const ours = ofStreams(events, streams);
        expect(ours.map((e) => e.id)).toEqual(appended);
        const { events: rest } = await follow(store, {
          after: ours[1]!.position,
          limit: 1000,
          done: (read) => ofStreams(read, streams).length >= appended.length - 2,
        });
        expect(ofStreams(rest, streams).map((e) => e.id)).toEqual(appended.slice(2));
      });

      it('in pages of a limit, without loss or duplicates', async () => {
        const { events, pageSizes } = await follow(store, { after: before, limit: 2, done: readsAll });
        expect(Math.max(...pageSizes)).toBeLessThanOrEqual(2);
        expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
        expect(ofStreams(events, streams).map((e) => e.id)).toEqual(appended);
      });

      it('after the position an append returned, without that append', async () => {
        const id = stream('after-append');
        const first = await store.appendToStream(id, [event('X0'), event('X1')], {
          expectedVersion: 'no_stream',
        });
        await store.appendToStream(id, [event('X2')], { expectedVersion: 1 });
        const { events } = await follow(store, {
          after: first.position,
          limit: 10,
          done: (read) => ofStreams(read, [id]).length >= 1,
        });
        expect(ofStreams(events, [id]).map((e) => e.type)).toEqual(['X2']);
      });
    });

    it('round-trips metadata with correlation and causation ids', async () => {
      const id = stream('metadata');
      const metadata = { correlationId: randomUUID(), causationId: randomUUID(), actor: 'adviser-7' };
      await store.appendToStream(id, [event('WithMetadata', { ok: true }, { metadata })], {
        expectedVersion: 'no_stream',
      });
      const [fromStream] = await store.readStream(id);
      expect(fromStream?.metadata).toEqual(metadata);
      const { events } = await follow(store, {
        after: undefined,
        limit: 1000,
        done: (read) => ofStreams(read, [id]).length === 1,
      });
      expect(ofStreams(events, [id])[0]?.metadata).toEqual(metadata);
    });

    it.each<{ case: string; existing: number; expected: ExpectedVersion }>([
      { case: 'version 0', existing: 1, expected: 0 },
      { case: 'no_stream', existing: 0, expected: 'no_stream' },
    ])('lets exactly one of 10 concurrent appends expecting $case win', async ({ existing, expected }) => {
      const id = stream('race');
      if (existing > 0) await store.appendToStream(id, [event('Existing')], { expectedVersion: 'no_stream' });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          store.appendToStream(id, [event('Raced', { i })], { expectedVersion: expected }),
        ),
      );
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(9);
      for (const reason of lost) expect(reason).toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.readStream(id)).filter((e) => e.type === 'Raced')).toHaveLength(1);
    });

    it('generates unique UUID event ids and keeps given ones', async () => {
      const id = stream('ids');
      const given = randomUUID();
      await store.appendToStream(
        id,
        [...Array.from({ length: 5 }, () => event('Generated')), event('Given', {}, { id: given })],
        {
          expectedVersion: 'no_stream',
        },
      );
      const ids = (await store.readStream(id)).map((e) => e.id);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
      for (const eventId of ids) expect(eventId).toMatch(UUID);
      expect(ids[5]).toBe(given);
    });
  });
}
