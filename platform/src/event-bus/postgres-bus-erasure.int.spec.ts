import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger';
import type { SqlClient } from '../sql/sql-client.port';
import { uniqueName, waitFor } from '../testing/event-bus.contract';
import { sqlTargets } from '../testing/sql';
import { describeTarget } from '../testing/targets';
import type { BusMessage, Subscription } from './event-bus.port';
import { PostgresEventBus } from './postgres-event-bus.adapter';

for (const target of sqlTargets()) {
  describeTarget(`PostgresEventBus.replaceMessages on ${target.name}`, target, () => {
    let sql: SqlClient;
    let bus: PostgresEventBus;
    const subscriptions: Subscription[] = [];

    beforeAll(async () => {
      sql = await target.open();
      bus = await PostgresEventBus.create(sql, { pollIntervalMs: 25, logger: silentLogger() });
    });

    afterAll(async () => {
      await Promise.all(subscriptions.map((s) => s.stop()));
      await bus?.close();
      await sql?.close();
    });

    const collect = async (topic: string, into: BusMessage[]) => {
      subscriptions.push(
        await bus.subscribe({
          groupId: uniqueName('group'),
          topics: [topic],
          handler: async (m) => void into.push(m),
        }),
      );
    };

    it('rewrites the values of the given messages for good, in place; a purged one stays purged', async () => {
      const topic = uniqueName('replace');
      const [one, two, three] = [1, 2, 3].map((n) => ({ id: randomUUID(), key: 'household', value: { n } }));
      one!.value = { n: 1, name: 'Replaceable Person' } as never;
      await bus.publish(topic, [one!, two!, three!]);
      await bus.purgeKeys([{ topic, key: 'household', keepIds: [one!.id, two!.id] }]);

      const replaced = await bus.replaceMessages(topic, [
        { id: one!.id, value: { n: 1, name: '[erased]' } },
        { id: three!.id, value: { n: 3, name: 'revived' } },
      ]);
      expect(replaced).toBe(1);
      // The same values again change nothing.
      expect(await bus.replaceMessages(topic, [{ id: one!.id, value: { n: 1, name: '[erased]' } }])).toBe(0);
      const { rows } = await sql.query(
        "SELECT count(*)::int AS n FROM bus_batches WHERE records LIKE '%Replaceable Person%'",
      );
      expect(rows).toEqual([{ n: 0 }]);

      // A group that starts now reads the new value in the old place, and not the purged message.
      const late: BusMessage[] = [];
      await collect(topic, late);
      await waitFor(() => late.length === 2, 'the late group reads the two left', 10_000);
      expect(late.map((m) => [m.id, m.value])).toEqual([
        [one!.id, { n: 1, name: '[erased]' }],
        [two!.id, { n: 2 }],
      ]);
    });
  });
}
