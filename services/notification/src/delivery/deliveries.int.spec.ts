import { randomUUID } from 'node:crypto';
import { migrate, type SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedAssessment } from '../testing/fixtures';
import {
  claimDue,
  listDeliveries,
  markFailed,
  markRetry,
  markSent,
  recordDeliveries,
  renewClaims,
} from './deliveries';
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

describeTargets(
  sqlTargets(),
  (target) => `claiming deliveries on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    const retry = { delaysMs: [0, 0, 0], fallbackMs: 0 };

    beforeAll(async () => {
      sql = await target.open();
      await migrate(sql, 'notification', DELIVERY_MIGRATIONS);
    });
    afterAll(async () => {
      await sql?.close();
    });

    /** `n` client copies recorded as due now; returns their ids. */
    async function due(n: number): Promise<string[]> {
      const events = Array.from({ length: n }, () => signedAssessment());
      const planned = events.flatMap((e) =>
        planSignedDeliveries(e).flatMap((p) =>
          !p.undeliverable && p.delivery.recipientRole === 'client' ? [p.delivery] : [],
        ),
      );
      await recordDeliveries(sql, planned, new Date(Date.now() - 1_000));
      const ids = new Set<string>();
      for (const e of events) for (const d of await listDeliveries(sql, { eventId: e.id })) ids.add(d.id);
      return [...ids];
    }
    const claimRow = async (id: string) =>
      (
        await sql.query<{
          claimed_by: string | null;
          claim_expires_at: Date | string | null;
          status: string;
        }>('SELECT claimed_by, claim_expires_at, status FROM notification_deliveries WHERE id = $1', [id])
      ).rows[0]!;
    /** Claims everything due (these tests' rows only: each test's rows are claimed or settled by its end). */
    const claimAll = (by: string, claimMs: number) =>
      claimDue(sql, new Date(), { by, claimMs, ...retry }, 1_000);

    it('leaves a delivery under a live claim to its holder, even once its retry is due, and gives it to another once the claim expired', async () => {
      const [id] = await due(1);
      const [a, b] = [randomUUID(), randomUUID()];
      expect((await claimAll(a, 60_000)).map((d) => d.id)).toEqual([id]);
      expect((await claimRow(id!)).claimed_by).toBe(a);
      // Its retry is due at once (delay 0), but the claim holds.
      expect(await claimAll(b, 60_000)).toEqual([]);

      await sql.query(
        "UPDATE notification_deliveries SET claim_expires_at = now() - interval '1 second' WHERE id = $1",
        [id],
      );
      const [taken] = await claimAll(b, 60_000);
      expect([taken?.id, taken?.attempts]).toEqual([id, 2]);
      expect((await claimRow(id!)).claimed_by).toBe(b);

      // The first holder's renewal finds the claim taken: it is reported, and not renewed.
      expect(await renewClaims(sql, a, [id!], 60_000)).toEqual([id]);
      expect((await claimRow(id!)).claimed_by).toBe(b);
      // Nor can it write the attempt's outcome over the new holder's claim.
      await markRetry(sql, id!, a, { subject: null, error: 'late', nextAttemptAt: new Date() });
      await markFailed(sql, id!, a, { subject: null, error: 'late' }, new Date());
      const row = await claimRow(id!);
      expect([row.status, row.claimed_by, row.claim_expires_at === null]).toEqual(['pending', b, false]);
      await markSent(sql, [{ id: id!, subject: 's', providerMessageId: 'p', sentAt: new Date() }]);
    });

    it("renews the holder's claims in one statement, and ends them with the attempt's outcome", async () => {
      const ids = await due(3);
      const me = randomUUID();
      await claimAll(me, 1_000);
      const before = new Date((await claimRow(ids[0]!)).claim_expires_at!).getTime();
      expect(await renewClaims(sql, me, ids, 60_000)).toEqual([]);
      for (const id of ids) {
        expect(new Date((await claimRow(id)).claim_expires_at!).getTime()).toBeGreaterThan(before + 50_000);
      }
      // A renewed claim holds: nothing is claimed, though every retry is due.
      expect(await claimAll(randomUUID(), 60_000)).toEqual([]);

      const later = new Date(Date.now() + 60 * 60_000);
      await markRetry(sql, ids[0]!, me, { subject: null, error: 'try later', nextAttemptAt: later });
      await markFailed(sql, ids[1]!, me, { subject: null, error: 'refused' }, new Date());
      await markSent(sql, [{ id: ids[2]!, subject: 's', providerMessageId: 'p', sentAt: new Date() }]);
      const rows = await Promise.all(ids.map(claimRow));
      expect(rows.map((r) => [r.status, r.claim_expires_at])).toEqual([
        ['pending', null],
        ['failed', null],
        ['sent', null],
      ]);
      // A retry no longer claimed is claimed again when it falls due.
      await sql.query('UPDATE notification_deliveries SET next_attempt_at = now() WHERE id = $1', [ids[0]]);
      expect((await claimAll(randomUUID(), 60_000)).map((d) => d.id)).toEqual([ids[0]]);
      await markSent(sql, [{ id: ids[0]!, subject: 's', providerMessageId: 'p', sentAt: new Date() }]);
    });

    it('gives instances claiming at once different deliveries', async () => {
      const ids = await due(200);
      const instances = Array.from({ length: 4 }, () => randomUUID());
      const claimed = await Promise.all(
        instances.map((by) => claimDue(sql, new Date(), { by, claimMs: 60_000, ...retry }, 60)),
      );
      const all = claimed.flat().map((d) => d.id);
      expect(new Set(all).size).toBe(all.length);
      expect(all.sort()).toEqual([...ids].sort());
      await markSent(
        sql,
        ids.map((id) => ({ id, subject: 's', providerMessageId: 'p', sentAt: new Date() })),
      );
    });
  },
);
