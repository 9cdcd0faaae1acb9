import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, type SqlClient, type SqlExecutor, silentLogger } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Mailer } from '../mail/mailer.port';
import { smtpMailer } from '../mail/smtp-mailer.adapter';
import { outboxSms } from '../sms/outbox-sms.adapter';
import { signedAssessment } from '../testing/fixtures';
import { type SmtpTestServer, startSmtpTestServer } from '../testing/smtp-test-server';
import { createComposer, deliveryMessageId } from './compose';
import { claimDue, listDeliveries, recordDeliveries } from './deliveries';
import { DELIVERY_MIGRATIONS } from './delivery.migrations';
import { DeliveryError } from './delivery-error';
import { planSignedDeliveries } from './plan-deliveries';
import { type Composer, RETRY_AFTER_TIMEOUT_MS, type Sender, startSender } from './sender';
import { fileSentJournal } from './sent-journal';

/**
 * The sender's one promise about a message a transport accepted: it is never sent again, even when
 * writing its `sent` record fails or the process dies before that write.
 */
describeTargets(
  sqlTargets(),
  (target) => `the sender, once a transport accepted a message, on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let smtp: SmtpTestServer;
    let dir: string;
    let sender: Sender | undefined;
    let mailer: Mailer;
    const logger = silentLogger();
    const compose = createComposer({
      timeZone: 'Australia/Sydney',
      from: 'Risk Profile <reports@risk-profile.test>',
    });
    const retryDelaysMs = [100, 100];

    beforeAll(async () => {
      sql = await target.open();
      await migrate(sql, 'notification', DELIVERY_MIGRATIONS);
      smtp = await startSmtpTestServer();
      mailer = smtpMailer({ url: smtp.url });
      dir = mkdtempSync(join(tmpdir(), 'sender-'));
    });
    afterEach(async () => {
      await sender?.stop();
      sender = undefined;
    });
    afterAll(async () => {
      await mailer?.close();
      await smtp?.stop();
      await sql?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** A signed assessment's client copy, recorded as due; returns its delivery id. */
    async function clientCopyDue(clientEmail: string): Promise<string> {
      const event = signedAssessment({ clientEmail });
      const planned = planSignedDeliveries(event).flatMap((p) =>
        !p.undeliverable && p.delivery.recipientRole === 'client' ? [p.delivery] : [],
      );
      await recordDeliveries(sql, planned, new Date());
      const [delivery] = await listDeliveries(sql, { eventId: event.id });
      return delivery!.id;
    }

    const start = async (
      db: SqlClient,
      journalPath?: string,
      composer: Composer = compose,
      transport: Mailer = mailer,
    ) =>
      startSender({
        sql: db,
        mailer: transport,
        sms: outboxSms({ dir: join(dir, 'outbox'), from: 'RiskProfile' }),
        compose: composer,
        clock: () => new Date(),
        logger,
        journal: journalPath ? fileSentJournal(journalPath) : undefined,
        retryDelaysMs,
        pollIntervalMs: 20,
        claimMs: 1_000,
      });
    const mailsTo = (address: string) => smtp.received.filter((m) => m.envelope.to.includes(address));
    const delivery = async (id: string) =>
      (await listDeliveries(sql, {})).find((d) => d.id === id) ?? expect.unreachable(`no delivery ${id}`);

    it('retries a message whose composer could not run (its worker stopped), and fails one that cannot be rendered', async () => {
      const retried = await clientCopyDue('composer-stopped@example.com');
      const broken = await clientCopyDue('cannot-render@example.com');
      let stopped = 0;
      const composer: Composer = async (d) => {
        if (d.id === broken) throw new Error('the assessment does not parse');
        if (d.id === retried && stopped++ === 0) {
          throw new DeliveryError('transient', 'the report composer stopped (exit code 1)');
        }
        return compose(d);
      };
      sender = await start(sql, undefined, composer);
      await eventually(async () => expect((await delivery(retried)).status).toBe('sent'));
      expect(mailsTo('composer-stopped@example.com')).toHaveLength(1);
      expect((await delivery(retried)).attempts).toBe(2);
      await eventually(async () => expect((await delivery(broken)).status).toBe('failed'));
      expect((await delivery(broken)).lastError).toBe(
        'the message could not be rendered: the assessment does not parse',
      );
      expect(mailsTo('cannot-render@example.com')).toHaveLength(0);
    });

    it('records a send whose record failed to write in the next round, and does not send it again', async () => {
      const id = await clientCopyDue('record-fails@example.com');
      // The first attempt to record a send fails, as a database that is briefly away would.
      let failures = 0;
      const flaky: SqlClient = Object.create(sql, {
        query: {
          value: (text: string, params?: readonly unknown[]) => {
            if (/SET status = 'sent'/.test(text) && failures++ === 0) {
              return Promise.reject(new Error('connection terminated unexpectedly'));
            }
            return (sql as SqlExecutor).query(text, params);
          },
        },
      });
      sender = await start(flaky);
      await eventually(async () => expect((await delivery(id)).status).toBe('sent'));
      // Longer than the retry delay the claim set: a second send would be under way by now.
      await new Promise((resolve) => setTimeout(resolve, 3 * retryDelaysMs[0]!));
      expect(failures).toBeGreaterThan(1);
      expect(mailsTo('record-fails@example.com')).toHaveLength(1);
      const row = await delivery(id);
      expect(row.attempts).toBe(1);
      expect(row.providerMessageId).toContain(mailsTo('record-fails@example.com')[0]!.queueId);
    });

    it('records the sends a killed process had journaled before claiming anything, and sends none of them again', async () => {
      const id = await clientCopyDue('killed-after-send@example.com');
      // The killed process claimed the delivery (its retry and its claim's expiry are due at once)
      // and the SMTP server accepted the message; the process died before the record was written.
      const [claimed] = await claimDue(
        sql,
        new Date(),
        { by: randomUUID(), claimMs: 0, delaysMs: [0], fallbackMs: 0 },
        10,
      );
      expect(claimed?.id).toBe(id);
      const journalPath = join(dir, 'killed', 'sent-journal.ndjson');
      const left = fileSentJournal(journalPath);
      const sentAt = new Date(Date.now() - 5_000);
      left.append({
        id,
        subject: 'Your Risk Profile report: Balanced',
        providerMessageId: 'Ok: queued as 1A2B',
        sentAt,
      });
      left.close();

      sender = await start(sql, journalPath);
      await eventually(async () => expect((await delivery(id)).status).toBe('sent'));
      await new Promise((resolve) => setTimeout(resolve, 3 * retryDelaysMs[0]!));
      expect(mailsTo('killed-after-send@example.com')).toHaveLength(0);
      const row = await delivery(id);
      expect([row.attempts, row.providerMessageId, row.sentAt?.toISOString()]).toEqual([
        1,
        'Ok: queued as 1A2B',
        sentAt.toISOString(),
      ]);
    });

    it('sends and records the rest while one message waits for a slow server reply, and sends that one once', async () => {
      const release = smtp.delayReply('slow-reply@example.com');
      try {
        const slow = await clientCopyDue('slow-reply@example.com');
        const batch = await Promise.all(
          Array.from({ length: 12 }, (_, i) => clientCopyDue(`beside-slow-${i}@example.com`)),
        );
        sender = await start(sql);
        // The server has the slow message's data and has not answered yet.
        await eventually(async () => expect(mailsTo('slow-reply@example.com')).toHaveLength(1));
        // Messages that come due meanwhile do not wait for that answer either.
        const later = await Promise.all(
          Array.from({ length: 4 }, (_, i) => clientCopyDue(`after-slow-${i}@example.com`)),
        );
        sender.wake();
        for (const id of [...batch, ...later]) {
          await eventually(async () => expect((await delivery(id)).status).toBe('sent'));
        }
        expect((await delivery(slow)).status).toBe('pending');

        release();
        await eventually(async () => expect((await delivery(slow)).status).toBe('sent'));
        // Held past its claim's retry time, the slow message was not claimed and sent again.
        expect(mailsTo('slow-reply@example.com')).toHaveLength(1);
        expect((await delivery(slow)).attempts).toBe(1);
      } finally {
        release();
        smtp.delayReply('slow-reply@example.com', 0);
      }
    });

    it('retries a message whose reply timed out only after RETRY_AFTER_TIMEOUT_MS, with the same Message-ID', async () => {
      const timeoutMs = 300;
      const impatient = smtpMailer({ url: smtp.url, timeouts: { socketMs: timeoutMs } });
      const address = 'reply-after-timeout@example.com';
      smtp.delayReply(address, 3 * timeoutMs);
      try {
        const id = await clientCopyDue(address);
        const startedAt = Date.now();
        sender = await start(sql, undefined, compose, impatient);
        await eventually(async () => expect((await delivery(id)).lastError).toMatch(/timed out|timeout/i));
        const failedBy = Date.now();
        const row = await delivery(id);
        expect([row.status, row.attempts]).toEqual(['pending', 1]);
        // Not the usual short backoff: the server may well have taken the message.
        expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(startedAt + RETRY_AFTER_TIMEOUT_MS);
        expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(failedBy + RETRY_AFTER_TIMEOUT_MS);
        expect(RETRY_AFTER_TIMEOUT_MS).toBeGreaterThanOrEqual(5 * 60_000);
        // Well past the short backoff and the server's late answer, it was sent once.
        await new Promise((resolve) => setTimeout(resolve, 3 * timeoutMs + 5 * retryDelaysMs[0]!));
        expect(mailsTo(address)).toHaveLength(1);

        // Once that retry is due, it goes with the same Message-ID, so the receiver can tell.
        smtp.delayReply(address, 0);
        await sql.query('UPDATE notification_deliveries SET next_attempt_at = $2 WHERE id = $1', [
          id,
          new Date().toISOString(),
        ]);
        sender.wake();
        await eventually(async () => expect((await delivery(id)).status).toBe('sent'));
        expect(mailsTo(address).map((m) => m.parsed.messageId)).toEqual([
          deliveryMessageId(id),
          deliveryMessageId(id),
        ]);
        expect((await delivery(id)).attempts).toBe(2);
      } finally {
        smtp.delayReply(address, 0);
        await sender?.stop();
        sender = undefined;
        await impatient.close();
      }
    });
  },
);
