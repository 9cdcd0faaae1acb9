import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { kurrentDbUrl } from '../testing/containers';
import { eventStoreContract } from '../testing/event-store.contract';
import { eventually } from '../testing/eventually';
import { freshDatabase, secondConnection, sqlTargets } from '../testing/sql';
import { describeTarget } from '../testing/targets';
import { DuplicateEventIdError, type StoredEvent } from './event-store.port';
import { KurrentDbEventStore } from './kurrentdb-event-store.adapter';
import { PostgresEventStore } from './postgres-event-store.adapter';

for (const target of sqlTargets()) {
  describeTarget(`PostgresEventStore on ${target.name}`, target, () => {
    eventStoreContract('EventStore contract', async () => {
      const sql = await target.open();
      return { store: await PostgresEventStore.create(sql), cleanup: () => sql.close() };
    });

    describe('PostgreSQL specifics', () => {
      const db = freshDatabase(target, async (sql) => ({ store: await PostgresEventStore.create(sql) }));

      it('rejects a reused event id with DuplicateEventIdError and stores nothing of that append', async () => {
        const { store } = db;
        const id = randomUUID();
        await store.appendToStream(`dup-${id}-1`, [{ id, type: 'Once', data: {} }], {
          expectedVersion: 'no_stream',
        });
        const stream = `dup-${id}-2`;
        const reuse = store.appendToStream(
          stream,
          [
            { type: 'Fresh', data: {} },
            { id, type: 'Again', data: {} },
          ],
          {
            expectedVersion: 'no_stream',
          },
        );
        await expect(reuse).rejects.toBeInstanceOf(DuplicateEventIdError);
        expect(await store.readStream(stream)).toEqual([]);
        await store.appendToStream(stream, [{ type: 'Fresh', data: {} }], { expectedVersion: 'no_stream' });
      });

      it('migrates idempotently', async () => {
        const { sql } = db;
        await PostgresEventStore.create(sql);
        const { rows } = await sql.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM schema_migrations WHERE module = 'event-store'",
        );
        expect(rows[0]?.n).toBe(1);
      });
    });

    // A transaction held open while another commits needs a second connection.
    describeTarget('a transaction that commits late', secondConnection(target), () => {
      const db = freshDatabase(target, async (sql) => ({ store: await PostgresEventStore.create(sql) }));

      it('is read before the later transaction that committed first, and never skipped', async () => {
        const { sql, store } = db;
        const run = randomUUID().slice(0, 8);
        const [seedStream, lateStream, earlyStream] = ['seed', 'late', 'early'].map((s) => `${s}-${run}`) as [
          string,
          string,
          string,
        ];
        await store.appendToStream(seedStream, [{ type: 'Seed', data: {} }], {
          expectedVersion: 'no_stream',
        });
        const [seed] = await eventually(async () => {
          const page = await store.readAll({ limit: 10 });
          expect(page).toHaveLength(1);
          return page as [StoredEvent];
        });

        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let appended!: () => void;
        const lateAppended = new Promise<void>((resolve) => {
          appended = resolve;
        });
        const late = sql.transaction(async (tx) => {
          await store.appendWith(tx, lateStream, [{ type: 'Late', data: {} }], {
            expectedVersion: 'no_stream',
          });
          appended();
          await held;
        });
        await lateAppended;
        await store.appendToStream(earlyStream, [{ type: 'Early', data: {} }], {
          expectedVersion: 'no_stream',
        });

        // The trap: the early event is committed with a higher sequence number than the late one,
        // so a reader ordering by sequence alone would pass the late event's number now.
        const { rows } = await sql.query<{ stream_id: string; global_position: number }>(
          'SELECT stream_id, global_position FROM es_events WHERE global_position > $1 ORDER BY global_position',
          [Number(seed.position.split(':')[1])],
        );
        expect(rows.map((r) => r.stream_id)).toEqual([earlyStream]);
        expect(rows[0]!.global_position).toBeGreaterThan(Number(seed.position.split(':')[1]) + 1);

        expect(await store.readAll({ after: seed.position, limit: 10 })).toEqual([]);

        release();
        await late;
        const events = await eventually(async () => {
          const page = await store.readAll({ after: seed.position, limit: 10 });
          expect(page).toHaveLength(2);
          return page;
        });
        expect(events.map((e) => e.streamId)).toEqual([lateStream, earlyStream]);
      });
    });
  });
}

const kurrent = await kurrentDbUrl();

describeTarget('KurrentDbEventStore', { name: 'KurrentDB', ...kurrent }, () => {
  eventStoreContract('EventStore contract', async () => {
    const store = await KurrentDbEventStore.connect(kurrent.url!);
    return {
      store,
      cleanup: async () => {
        await store.close();
        await kurrent.stop?.();
      },
    };
  });
});
