import { migrate, type SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedAssessment } from '../testing/fixtures';
import { listDeliveries, recordDeliveries } from './deliveries';
import { DELIVERY_MIGRATIONS } from './delivery.migrations';
import { planSignedDeliveries } from './plan-deliveries';
import { recipientKey } from './recipient-key';

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

describeTargets(
  sqlTargets(),
  (target) => `the recipient key of deliveries recorded before it, on ${target.name}`,
  (target) => {
    it('is computed by its migration as the code computes it', async () => {
      const sql = await target.open();
      try {
        const before = DELIVERY_MIGRATIONS.findIndex((m) => m.id === '003-recipient-key');
        await migrate(sql, 'notification', DELIVERY_MIGRATIONS.slice(0, before));
        const recipients = [
          'Victim+1@X.com',
          'V.i.c.t.i.m+2@GoogleMail.com',
          'vic.tim@example.com',
          'a+b+c@gmail.com',
          '0499 111 222',
          '"odd@name"+t@x.com',
        ];
        for (const [i, recipient] of recipients.entries()) {
          await sql.query(
            `INSERT INTO notification_deliveries (id, event_id, recipient_role, kind, channel, recipient, status, next_attempt_at, created_at)
             VALUES (gen_random_uuid(), $1, 'client', 'client-report', 'email', $2, 'sent', now(), now())`,
            [`e${i}`, recipient],
          );
        }
        await migrate(sql, 'notification', DELIVERY_MIGRATIONS);
        const { rows } = await sql.query<{ recipient: string; recipient_key: string }>(
          'SELECT recipient, recipient_key FROM notification_deliveries ORDER BY event_id',
        );
        expect(rows.map((r) => r.recipient_key)).toEqual(recipients.map(recipientKey));
      } finally {
        await sql.close();
      }
    });
  },
);
