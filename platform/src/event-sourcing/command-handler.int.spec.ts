import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres-event-store.adapter';
import { racingStore } from '../testing/racing-store';
import { freshDatabase, sqlTargets } from '../testing/sql';
import { describeTargets } from '../testing/targets';
import { ConcurrencyConflictError, type Decider, handleCommand } from './command-handler';

/** A tally that opens once and then counts up to a limit: enough behaviour to test the handler. */
type TallyEvent =
  | { type: 'TallyOpened'; data: { limit: number } }
  | { type: 'Counted'; data: { by: number } };
type TallyState = { status: 'none' } | { status: 'open'; limit: number; total: number };
type TallyCommand = { type: 'Open'; limit: number } | { type: 'Count'; by: number };

class TallyError extends Error {}

const tally: Decider<TallyCommand, TallyEvent, TallyState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'TallyOpened':
        return { status: 'open', limit: event.data.limit, total: 0 };
      case 'Counted':
        if (state.status !== 'open') throw new Error('Counted before TallyOpened');
        return { ...state, total: state.total + event.data.by };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Open':
        if (state.status !== 'none') throw new TallyError('already open');
        return [{ type: 'TallyOpened', data: { limit: command.limit } }];
      case 'Count':
        if (state.status !== 'open') throw new TallyError('not open');
        if (command.by === 0) return [];
        if (state.total + command.by > state.limit) throw new TallyError('over the limit');
        return [{ type: 'Counted', data: { by: command.by } }];
    }
  },
};

describeTargets(
  sqlTargets(),
  (target) => `handleCommand on ${target.name}`,
  (target) => {
    const db = freshDatabase(target, async (sql) => ({ eventStore: await PostgresEventStore.create(sql) }));

    const open = async (streamId: string, limit = 10) =>
      handleCommand({
        ...tally,
        eventStore: db.eventStore,
        streamId,
        command: { type: 'Open', limit },
        newStream: true,
      });

    it('folds the stream, decides, appends and returns the state after the new events', async () => {
      const streamId = `tally-${randomUUID()}`;
      await open(streamId);
      const result = await handleCommand({
        ...tally,
        eventStore: db.eventStore,
        streamId,
        command: { type: 'Count', by: 3 },
        metadata: { correlationId: 'req-1', causationId: 'cmd-1' },
      });
      expect(result.state).toEqual({ status: 'open', limit: 10, total: 3 });
      expect(result.nextExpectedVersion).toBe(1);
      const [, counted] = await db.eventStore.readStream(streamId);
      expect(counted!.metadata).toMatchObject({ correlationId: 'req-1', causationId: 'cmd-1' });
    });

    it('builds the command from the state it read', async () => {
      const streamId = `tally-${randomUUID()}`;
      await open(streamId, 7);
      const result = await handleCommand({
        ...tally,
        eventStore: db.eventStore,
        streamId,
        command: (state): TallyCommand => ({ type: 'Count', by: state.status === 'open' ? state.limit : 0 }),
      });
      expect(result.state).toMatchObject({ total: 7 });
    });

    it('stores exactly one of two commands decided on the same version', async () => {
      const streamId = `tally-${randomUUID()}`;
      await open(streamId);
      const racing = racingStore(db.eventStore, 2);
      const count = () =>
        handleCommand({ ...tally, eventStore: racing, streamId, command: { type: 'Count', by: 1 } });
      const outcomes = await Promise.allSettled([count(), count()]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(ConcurrencyConflictError);
      expect((await db.eventStore.readStream(streamId)).map((event) => event.type)).toEqual([
        'TallyOpened',
        'Counted',
      ]);
    });

    it('refuses a "new" stream that already exists, appending nothing', async () => {
      const streamId = `tally-${randomUUID()}`;
      await open(streamId);
      await expect(open(streamId)).rejects.toBeInstanceOf(ConcurrencyConflictError);
      expect(await db.eventStore.readStream(streamId)).toHaveLength(1);
    });

    it('appends nothing when the decider refuses or decides nothing', async () => {
      const streamId = `tally-${randomUUID()}`;
      await open(streamId, 2);
      await expect(
        handleCommand({ ...tally, eventStore: db.eventStore, streamId, command: { type: 'Count', by: 5 } }),
      ).rejects.toBeInstanceOf(TallyError);
      const nothing = await handleCommand({
        ...tally,
        eventStore: db.eventStore,
        streamId,
        command: { type: 'Count', by: 0 },
      });
      expect(nothing.events).toEqual([]);
      expect(nothing.nextExpectedVersion).toBe(0);
      expect(await db.eventStore.readStream(streamId)).toHaveLength(1);
    });
  },
);
