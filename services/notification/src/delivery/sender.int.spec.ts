import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  migrate,
  PostgresCheckpointStore,
  type SqlClient,
  type SqlExecutor,
  silentLogger,
} from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Mailer } from '../mail/mailer.port';
import { smtpMailer } from '../mail/smtp-mailer.adapter';
import { outboxSms } from '../sms/outbox-sms.adapter';
import { signedAssessment } from '../testing/fixtures';
import { type SmtpTestServer, startSmtpTestServer } from '../testing/smtp-test-server';
import { createComposer } from './compose';
import { claimDue, listDeliveries, recordDeliveries } from './deliveries';
import { DELIVERY_MIGRATIONS } from './delivery.migrations';
import { DeliveryError } from './delivery-error';
import { planSignedDeliveries } from './plan-deliveries';
import { type Composer, type Sender, startSender } from './sender';
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

    const start = async (db: SqlClient, journalPath?: string, composer: Composer = compose) =>
      startSender({
        sql: db,
        mailer,
        sms: outboxSms({ dir: join(dir, 'outbox'), from: 'RiskProfile' }),
        compose: composer,
        leases: await PostgresCheckpointStore.create(sql),
        clock: () => new Date(),
        logger,
        journal: journalPath ? fileSentJournal(journalPath) : undefined,
        retryDelaysMs,
        pollIntervalMs: 20,
        leaseMs: 1_000,
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
      // The killed process claimed the delivery (its retry is due at once) and the SMTP server
      // accepted the message; the process died before the record was written.
      const [claimed] = await claimDue(sql, new Date(), { delaysMs: [0], fallbackMs: 0 }, 10);
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
  },
);
