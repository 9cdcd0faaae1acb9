import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { migrate, type SqlClient, type SqlExecutor, silentLogger } from '@risk-profile/platform';
import { capturingLogger, describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Mailer } from '../mail/mailer.port';
import { outboxSms } from '../sms/outbox-sms.adapter';
import { signedAssessment } from '../testing/fixtures';
import { listDeliveries, recordDeliveries } from './deliveries';
import { DELIVERY_MIGRATIONS } from './delivery.migrations';
import { planSignedDeliveries } from './plan-deliveries';
import { type Composer, type Sender, type SenderOptions, startSender } from './sender';
import { fileSentJournal, type SentJournal } from './sent-journal';

/** One call to a mailer: which delivery, from which instance, when it began and when it was accepted. */
interface Send {
  id: string;
  by: string;
  startedAt: number;
  acceptedAt?: number;
}

/**
 * Several senders on one database, each with its own transport: every delivery goes out once,
 * they send at the same time, a send slower than a claim keeps it, and a crashed instance's
 * claims pass to another once they expire while its journaled sends are recorded by its restart.
 */
describeTargets(
  sqlTargets(),
  (target) => `senders of several instances on one database, on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let dir: string;
    const sends: Send[] = [];
    const running: Sender[] = [];
    const journals: SentJournal[] = [];
    /** Sends held until released (a send in flight when its instance dies never completes). */
    const held = new Map<string, { release: (error?: Error) => void }>();

    // The message itself is not under test here: a small one, its Message-ID the delivery's id.
    const compose: Composer = async (d) => ({
      channel: 'email',
      subject: 'Your report',
      mail: {
        envelope: { from: 'reports@risk-profile.test', to: d.recipient },
        messageId: d.id,
        raw: Buffer.from(`Message-ID: <${d.id}@risk-profile.test>\r\n\r\nreport\r\n`),
      },
    });

    /** A transport of instance `by` that takes `sendMs` to accept, or holds the ids `hold` picks. */
    function mailer(by: string, sendMs: number, hold: (id: string) => boolean = () => false): Mailer {
      return {
        describe: `test mailer ${by}`,
        close: async () => {},
        async send(mail) {
          const send: Send = { id: mail.messageId, by, startedAt: Date.now() };
          sends.push(send);
          if (hold(mail.messageId)) {
            await new Promise<void>((resolve, reject) => {
              held.set(mail.messageId, { release: (error) => (error ? reject(error) : resolve()) });
            });
          } else {
            await delay(sendMs);
          }
          send.acceptedAt = Date.now();
          return { providerMessageId: `${by}:${mail.messageId}` };
        },
      };
    }

    function start(options: Partial<SenderOptions> & Pick<SenderOptions, 'mailer'>): Sender {
      const sender = startSender({
        sql,
        sms: outboxSms({ dir: join(dir, 'outbox'), from: 'RiskProfile' }),
        compose,
        renderBudget: false,
        clock: () => new Date(),
        logger: silentLogger(),
        // Shorter than a send: a delivery under way is due again before its send ends, and only
        // its claim keeps another instance from sending it too.
        retryDelaysMs: [50, 50, 50],
        pollIntervalMs: 20,
        claimMs: 1_000,
        ...options,
      });
      running.push(sender);
      return sender;
    }

    beforeAll(async () => {
      sql = await target.open();
      await migrate(sql, 'notification', DELIVERY_MIGRATIONS);
      dir = mkdtempSync(join(tmpdir(), 'sender-instances-'));
    });
    afterEach(async () => {
      for (const { release } of held.values()) release(new Error('the test ended'));
      held.clear();
      await Promise.all(running.splice(0).map((s) => s.stop()));
      for (const journal of journals.splice(0)) journal.close();
      sends.length = 0;
    });
    afterAll(async () => {
      await sql?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** `events` signed assessments' adviser reports and client copies, due now; returns their ids. */
    async function due(events: number): Promise<string[]> {
      const signed = Array.from({ length: events }, (_, i) =>
        signedAssessment({ clientEmail: `client-${i}@example.com` }),
      );
      const planned = signed.flatMap((e) =>
        planSignedDeliveries(e).flatMap((p) => (p.undeliverable ? [] : [p.delivery])),
      );
      await recordDeliveries(sql, planned, new Date());
      const eventIds = new Set(signed.map((e) => e.id));
      return (await listDeliveries(sql)).filter((d) => eventIds.has(d.eventId)).map((d) => d.id);
    }
    const rowsOf = async (ids: readonly string[]) => {
      const wanted = new Set(ids);
      return (await listDeliveries(sql)).filter((d) => wanted.has(d.id));
    };
    /** Waits until every one of `ids` is sent. */
    const allSent = (ids: readonly string[], timeoutMs: number) =>
      eventually(async () => {
        const rows = await rowsOf(ids);
        expect(rows.filter((d) => d.status !== 'sent')).toEqual([]);
      }, timeoutMs);
    const sentBy = (ids: readonly string[]) => {
      const wanted = new Set(ids);
      const accepted = sends.filter((s) => wanted.has(s.id) && s.acceptedAt !== undefined);
      return new Map(ids.map((id) => [id, accepted.filter((s) => s.id === id).map((s) => s.by)]));
    };

    it('three instances send 400 deliveries at the same time, each delivery once', async () => {
      const ids = await due(200);
      expect(ids).toHaveLength(400);
      for (const by of ['a', 'b', 'c']) start({ mailer: mailer(by, 100), concurrency: 8 });
      await allSent(ids, 30_000);
      // Longer than a retry delay: a second send of any of them would have begun by now.
      await delay(300);
      const byDelivery = sentBy(ids);
      expect([...byDelivery.values()].filter((by) => by.length !== 1)).toEqual([]);
      expect(sends.filter((s) => ids.includes(s.id))).toHaveLength(400);
      const rows = await rowsOf(ids);
      expect(rows.filter((d) => d.attempts !== 1)).toEqual([]);
      // Each row names the transport of the one instance that sent it.
      expect(rows.filter((d) => d.providerMessageId !== `${byDelivery.get(d.id)![0]}:${d.id}`)).toEqual([]);
      const counts = ['a', 'b', 'c'].map((by) => sends.filter((s) => s.by === by).length);
      expect(counts.every((n) => n > 0)).toBe(true);
      // In parallel: sends of different instances were with their transports at the same moment.
      const overlapping = sends.some((x) =>
        sends.some((y) => x.by !== y.by && x.startedAt < y.acceptedAt! && y.startedAt < x.acceptedAt!),
      );
      expect(overlapping).toBe(true);
    });

    it('keeps the claim of a send slower than the claim itself, renewing it, so another instance does not send it too', async () => {
      const [slow, ...others] = await due(10);
      // Long enough that a loaded machine still renews in time (the renewal runs at a third of it):
      // at 1 s, a CI run with three files side by side once stalled past it and b sent it too.
      const claimMs = 2_500;
      const { logger, text } = capturingLogger();
      start({ mailer: mailer('a', 10, (id) => id === slow), claimMs, logger });
      await eventually(async () => expect(held.has(slow!)).toBe(true));
      start({ mailer: mailer('b', 10), claimMs });
      for (const id of others) {
        await eventually(async () => expect((await rowsOf([id]))[0]?.status).toBe('sent'));
      }
      // Past its retry time and several claims' length, the slow send is still only a's.
      await delay(4 * claimMs);
      expect((await rowsOf([slow!]))[0]?.status).toBe('pending');
      expect(sends.filter((s) => s.id === slow).map((s) => s.by)).toEqual(['a']);

      held.get(slow!)!.release();
      await eventually(async () => expect((await rowsOf([slow!]))[0]?.status).toBe('sent'));
      expect(sentBy([slow!]).get(slow!)).toEqual(['a']);
      expect((await rowsOf([slow!]))[0]?.attempts).toBe(1);
      expect(text()).not.toContain('claims lost');
    });

    it('warns when a renewal finds a claim taken by another instance (its holder paused past it)', async () => {
      const [slow] = await due(1);
      const { logger, text } = capturingLogger();
      start({ mailer: mailer('a', 10, (id) => id === slow), claimMs: 300, logger });
      await eventually(async () => expect(held.has(slow!)).toBe(true));
      // What another instance's claim writes, once a's had expired during a pause.
      await sql.query(
        `UPDATE notification_deliveries SET claimed_by = gen_random_uuid(), claim_expires_at = now() + interval '1 minute'
         WHERE id = $1`,
        [slow],
      );
      await eventually(async () => expect(text()).toContain('claims lost to another instance'));
      expect(text()).toContain(slow);
    });

    it("takes over a crashed instance's claims once they expire, and its restart records the sends it had journaled without sending them again", async () => {
      // Twenty deliveries, all claimed by the first instance: ten its transport accepts, ten it
      // has with the transport when it dies.
      const ids = await due(10);
      const journalPath = join(dir, 'crashed', 'sent-journal.ndjson');
      const accepted = new Set(ids.slice(0, 10));
      let crashed = false;
      // Dead, it writes nothing more: not the sent records, not a renewal, not a retry.
      const dying: SqlClient = Object.create(sql, {
        query: {
          value: (text: string, params?: readonly unknown[]) =>
            crashed || /SET status = 'sent'/.test(text)
              ? Promise.reject(new Error('the process was killed'))
              : (sql as SqlExecutor).query(text, params),
        },
      });
      // Long enough for the restart below to come within it.
      const claimMs = 2_000;
      const journal = fileSentJournal(journalPath);
      journals.push(journal);
      start({
        sql: dying,
        mailer: mailer('crashed', 0, (id) => !accepted.has(id)),
        journal,
        concurrency: 20,
        claimMs,
      });
      await eventually(async () => {
        expect(journal.unsettled()).toHaveLength(10);
        expect(held.size).toBe(10);
      });
      crashed = true;
      const crashedAt = Date.now();
      const { rows } = await sql.query<{ claim_expires_at: Date | string }>(
        'SELECT claim_expires_at FROM notification_deliveries WHERE id = ANY($1::uuid[])',
        [[...ids]],
      );
      const expiries = rows.map((r) => new Date(r.claim_expires_at).getTime());
      expect(expiries.every((at) => at > crashedAt)).toBe(true);

      // Another instance goes on sending what is due, but none of the crashed one's claims.
      const more = await due(5);
      start({ mailer: mailer('other', 10), claimMs });
      for (const id of more) {
        await eventually(async () => expect((await rowsOf([id]))[0]?.status).toBe('sent'));
      }
      expect(sends.filter((s) => s.by === 'other' && ids.includes(s.id))).toEqual([]);

      // The crashed instance starts again on its journal before its claims expire: the sends the
      // transport had accepted are recorded, and go out no more.
      const reopened = fileSentJournal(journalPath);
      journals.push(reopened);
      expect(
        reopened
          .unsettled()
          .map((r) => r.id)
          .sort(),
      ).toEqual([...accepted].sort());
      start({ mailer: mailer('restarted', 10), journal: reopened, claimMs });
      await allSent(ids, 10_000);
      await delay(300);
      const byDelivery = sentBy(ids);
      for (const id of accepted) expect(byDelivery.get(id)).toEqual(['crashed']);
      const resent = ids.filter((id) => !accepted.has(id));
      for (const id of resent) expect(byDelivery.get(id)).toHaveLength(1);
      // The sends the dead instance never finished went out again only after its claims expired.
      const firstExpiry = Math.min(...expiries);
      const retakes = sends.filter((s) => resent.includes(s.id) && s.by !== 'crashed');
      expect(retakes).toHaveLength(10);
      expect(retakes.every((s) => s.startedAt >= firstExpiry - 20)).toBe(true);
      const rowsAfter = await rowsOf(ids);
      for (const row of rowsAfter) {
        expect(row.attempts).toBe(accepted.has(row.id) ? 1 : 2);
        if (accepted.has(row.id)) expect(row.providerMessageId).toBe(`crashed:${row.id}`);
      }
    });
  },
);
