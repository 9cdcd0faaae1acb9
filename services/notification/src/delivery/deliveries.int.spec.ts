import { migrate, type SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedAssessment } from '../testing/fixtures';
import { listDeliveries, recordDeliveries } from './deliveries';
import { DELIVERY_MIGRATIONS } from './delivery.migrations';
import { planSignedDeliveries } from './plan-deliveries';

describeTargets(
  sqlTargets(),
  (target) => `recording deliveries on ${target.name}`,
  (target) => {
    let sql: SqlClient;

    beforeAll(async () => {
      sql = await target.open();
      await migrate(sql, 'notification', DELIVERY_MIGRATIONS);
    });
    afterAll(async () => {
      await sql?.close();
    });

    it('records more deliveries than one statement can carry (70,000 parameters), each once, with its content intact', async () => {
      const events = Array.from({ length: 5_000 }, (_, i) =>
        signedAssessment({ clientName: `Client "${i}" O'Brien \\ ✓`, clientEmail: `c${i}@example.com` }),
      );
      const planned = events.flatMap((e) =>
        planSignedDeliveries(e).flatMap((p) => (p.undeliverable ? [] : [p.delivery])),
      );
      expect(planned).toHaveLength(10_000);

      expect(await recordDeliveries(sql, planned, new Date())).toBe(10_000);
      // Recorded again (a redelivered batch): nothing new.
      expect(await recordDeliveries(sql, planned, new Date())).toBe(0);

      const all = await listDeliveries(sql);
      expect(all).toHaveLength(10_000);
      const last = await listDeliveries(sql, { eventId: events[4_999]!.id });
      expect(last.map((d) => [d.recipientRole, d.status])).toEqual([
        ['adviser', 'pending'],
        ['client', 'pending'],
      ]);
      expect(last[1]!.content).toEqual(planned.at(-1)!.content);
      expect((last[1]!.content as { clientName: string }).clientName).toBe(`Client "4999" O'Brien \\ ✓`);
    });
  },
);
