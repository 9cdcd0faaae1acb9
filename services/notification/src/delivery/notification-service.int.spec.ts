import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  type IntegrationEvent,
  integrationEventKey,
} from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatReportDate } from '../rendering';
import { ADVISER, draftedAssessment, linkRequested, signedAssessment } from '../testing/fixtures';
import {
  type NotificationUnderTest,
  type NotificationWithServers,
  startWithTestServers,
} from '../testing/notification-under-test';
import type { SmtpTestServer } from '../testing/smtp-test-server';
import type { VonageTestServer } from '../testing/vonage-test-server';
import { type Delivery, listDeliveries } from './deliveries';
import { PURGE_AFTER_MS } from './sender';

describeTargets(
  sqlTargets(),
  (target) => `the notification service on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let smtp: SmtpTestServer;
    let vonage: VonageTestServer;
    let service: NotificationUnderTest;
    let servers: NotificationWithServers;
    // Real time, which the purge test moves an hour on.
    let offsetMs = 0;
    const clock = () => new Date(Date.now() + offsetMs);

    const publish = (event: IntegrationEvent) => service.publish(event);
    const mailsTo = (address: string) => smtp.received.filter((m) => m.envelope.to.includes(address));
    /** The message `find` finds, once it has been sent. */
    const sent = <T>(find: () => T | undefined) =>
      eventually(async () => {
        const found = find();
        if (!found) throw new Error('not sent yet');
        return found;
      });
    /** Publishes a later assessment with no adviser and waits for its email: the consumer passed all before. */
    async function passedBy(clientEmail: string) {
      await publish(signedAssessment({ clientEmail, adviser: null, adviserSlug: null }));
      await eventually(async () => expect(mailsTo(clientEmail)).toHaveLength(1));
    }

    /** Publishes the events in one batch and waits until their `count` deliveries are `done`. */
    async function publishedAndSettled(
      events: readonly IntegrationEvent[],
      count: number,
      done = (d: Delivery) => d.status !== 'pending',
    ) {
      await service.bus.publish(
        ASSESSMENT_LIFECYCLE_TOPIC,
        events.map((event) => ({ id: event.id, key: integrationEventKey(event), value: event })),
      );
      return eventually(async () => {
        const found = (await Promise.all(events.map((e) => listDeliveries(sql, { eventId: e.id })))).flat();
        if (found.length < count || !found.every(done))
          throw new Error(`not settled yet: ${found.map((d) => d.status).join()}`);
        return found;
      }, 30_000);
    }

    beforeAll(async () => {
      sql = await target.open();
      servers = await startWithTestServers(sql, {
        sender: { retryDelaysMs: [200, 200], pollIntervalMs: 50, purgeIntervalMs: 50 },
        clock,
      });
      ({ service, smtp, vonage } = servers);
    });
    afterAll(async () => {
      await servers?.stop();
      await sql?.close();
    });

    it('emails the adviser the report and the client a copy, each with the PDF, replies crossing over', async () => {
      const event = signedAssessment({ clientEmail: 'report-client@example.com' });
      await publish(event);
      const [toAdviser, toClient] = await eventually(async () => {
        const adviserMail = mailsTo(ADVISER.email).find(
          (m) =>
            m.parsed.subject?.includes('report-client') ||
            m.parsed.replyTo?.text === 'report-client@example.com',
        );
        const clientMail = mailsTo('report-client@example.com');
        if (!adviserMail || clientMail.length === 0) throw new Error('not delivered yet');
        return [adviserMail, clientMail[0]!];
      });
      expect(toAdviser.parsed.subject).toBe(
        `Risk Profile report: ${event.data.clientName}, Balanced, signed ${formatReportDate(event.data.signedAt, 'Australia/Sydney')}`,
      );
      expect(toAdviser.parsed.replyTo?.text).toBe('report-client@example.com');
      expect(toClient.parsed.subject).toBe('Your Risk Profile report: Balanced');
      expect(toClient.parsed.replyTo?.text).toBe(ADVISER.email);
      for (const mail of [toAdviser, toClient]) {
        expect(mail.parsed.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
        expect(mail.parsed.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
        expect(mail.parsed.text).toContain(event.data.digest);
      }
      const deliveries = await eventually(async () => {
        const rows = await listDeliveries(sql, { eventId: event.id });
        if (rows.some((d) => d.status !== 'sent')) throw new Error('not recorded yet');
        return rows;
      });
      expect(deliveries.map((d) => [d.kind, d.recipient, d.status, d.attempts])).toEqual([
        ['adviser-report', ADVISER.email, 'sent', 1],
        ['client-report', 'report-client@example.com', 'sent', 1],
      ]);
      expect(deliveries.every((d) => d.providerMessageId && d.sentAt && d.subject)).toBe(true);
    });

    it("prints the firm's licence and disclaimer, and a name in any script, in the PDF it emails", async () => {
      const adviser = { ...ADVISER, licenceNumber: 'AFSL 246810', disclaimer: 'General advice only.' };
      const event = signedAssessment({
        clientName: 'Nguyễn Thị Ánh 王伟',
        clientEmail: 'firm-client@example.com',
        adviser,
      });
      await publish(event);
      const mail = await eventually(async () => {
        const found = mailsTo('firm-client@example.com')[0];
        if (!found) throw new Error('not delivered yet');
        return found;
      });
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
        input: mail.parsed.attachments[0]!.content,
      })
        .toString('utf8')
        .replace(/\s+/g, ' ');
      expect(text).toContain('Harbour Wealth Partners · Licence AFSL 246810 Nguyễn Thị Ánh 王伟, signed');
      expect(text).toContain(
        'Disclaimer Harbour Wealth Partners · Licence AFSL 246810. General advice only.',
      );
    });

    it('records a burst of sends (grouped into few statements) with each message its own provider id', async () => {
      const events = Array.from({ length: 24 }, (_, i) =>
        signedAssessment({ clientEmail: `burst-${i}@example.com` }),
      );
      const deliveries = await publishedAndSettled(events, 48, (d) => d.status === 'sent');
      for (let i = 0; i < events.length; i++) expect(mailsTo(`burst-${i}@example.com`)).toHaveLength(1);
      expect(deliveries.every((d) => d.attempts === 1 && d.sentAt && d.subject)).toBe(true);
      // Each record carries its own message's provider id, not a neighbour's from the same statement.
      const clientIds = deliveries.filter((d) => d.kind === 'client-report').map((d) => d.providerMessageId);
      expect(new Set(clientIds).size).toBe(events.length);
      for (const d of deliveries.filter((row) => row.kind === 'client-report')) {
        const mail = mailsTo(d.recipient)[0]!;
        expect(d.subject).toBe(mail.parsed.subject);
        expect(d.providerMessageId).toContain(mail.queueId);
      }
    });

    it('sends nothing twice when the event is delivered again', async () => {
      const event = signedAssessment({ clientEmail: 'twice@example.com' });
      await publish(event);
      await eventually(async () => expect(mailsTo('twice@example.com')).toHaveLength(1));
      await publish(event);
      await publish(event);
      // A later event behind the duplicates shows the consumer has passed them.
      await passedBy('after-twice@example.com');
      expect(mailsTo('twice@example.com')).toHaveLength(1);
      expect(await listDeliveries(sql, { eventId: event.id })).toHaveLength(2);
    });

    it('sends one client at most 5 copies a day and records the rest as suppressed, the adviser getting every report', async () => {
      const events = Array.from({ length: 7 }, (_, i) =>
        signedAssessment({ clientEmail: i % 2 === 0 ? 'capped@example.com' : 'Capped@Example.com' }),
      );
      const rows = await publishedAndSettled(events, 14);
      const copies = rows.filter((d) => d.kind === 'client-report');
      expect(copies.filter((d) => d.status === 'sent')).toHaveLength(5);
      const suppressed = copies.filter((d) => d.status === 'suppressed');
      expect(suppressed).toHaveLength(2);
      for (const d of suppressed) {
        expect(d).toMatchObject({ attempts: 0, content: null, sentAt: null, providerMessageId: null });
        expect(d.lastError).toMatch(/5 client copies a day/);
      }
      expect(rows.filter((d) => d.kind === 'adviser-report' && d.status === 'sent')).toHaveLength(7);
      const received = smtp.received.filter((m) =>
        m.envelope.to.some((to) => to.toLowerCase() === 'capped@example.com'),
      );
      expect(received).toHaveLength(5);
    });

    it('counts one mailbox written with +tags, dots and in any case as one recipient of the cap', async () => {
      const addresses = [
        'victim@gmail.com',
        'victim+1@gmail.com',
        'Vic.Tim+2@gmail.com',
        'v.i.c.t.i.m@googlemail.com',
        'VICTIM+3@GoogleMail.com',
        'victim+4@gmail.com',
      ];
      const events = addresses.map((clientEmail) => signedAssessment({ clientEmail }));
      const rows = await publishedAndSettled(events, 12);
      const copies = rows.filter((d) => d.kind === 'client-report');
      expect(copies.filter((d) => d.status === 'sent')).toHaveLength(5);
      expect(copies.filter((d) => d.status === 'suppressed')).toHaveLength(1);
    });

    it('texts a client who gave only a mobile number their profile', async () => {
      const event = signedAssessment({ clientEmail: null, clientPhone: '0499 111 222' });
      await publish(event);
      const sms = await sent(() => vonage.requests.find((r) => r.params.to === '61499111222'));
      expect(sms.params.text).toBe(
        'Hi Jane, your signed Risk Profile is Balanced. Alex Morgan of Harbour Wealth Partners has your report and will be in touch.',
      );
      await eventually(async () => {
        const rows = await listDeliveries(sql, { eventId: event.id });
        expect(rows.map((d) => [d.kind, d.status])).toEqual([
          ['adviser-report', 'sent'],
          ['client-sms', 'sent'],
        ]);
      });
    });

    it('retries a transient refusal and records a permanent one with its reason, never retrying it', async () => {
      smtp.refuse('busy@example.com', 451, 'Mailbox busy');
      smtp.refuse('gone@example.com', 550, 'No such user');
      const busy = signedAssessment({ clientEmail: 'busy@example.com', adviser: null, adviserSlug: null });
      const gone = signedAssessment({ clientEmail: 'gone@example.com', adviser: null, adviserSlug: null });
      await publish(busy);
      await publish(gone);
      await eventually(async () => {
        const [row] = await listDeliveries(sql, { eventId: busy.id });
        expect(row).toMatchObject({ status: 'pending', attempts: 1 });
        expect(row!.lastError).toMatch(/451/);
      });
      smtp.refuse('busy@example.com', 0); // 0: accept again
      const [failed] = await eventually(async () => {
        const rows = await listDeliveries(sql, { eventId: gone.id });
        if (rows[0]?.status !== 'failed') throw new Error('not failed yet');
        return rows;
      });
      expect(failed!.attempts).toBe(1);
      expect(failed!.lastError).toMatch(/550.*No such user/);
      expect(failed!.failedAt).not.toBeNull();
      await eventually(async () => {
        const [row] = await listDeliveries(sql, { eventId: busy.id });
        expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      });
      expect(mailsTo('busy@example.com')).toHaveLength(1);
      expect(mailsTo('gone@example.com')).toHaveLength(0);
    });

    it('gives up after the last retry and records why', async () => {
      smtp.refuse('always-busy@example.com', 421, 'Service not available');
      const event = signedAssessment({
        clientEmail: 'always-busy@example.com',
        adviser: null,
        adviserSlug: null,
      });
      await publish(event);
      await eventually(async () => {
        const [row] = await listDeliveries(sql, { eventId: event.id });
        expect(row).toMatchObject({ status: 'failed', attempts: 3 });
        expect(row!.lastError).toMatch(/gave up after 3 attempts: SMTP 421/);
      });
    });

    it('emails a questionnaire link with its address', async () => {
      const event = linkRequested({ clientEmail: 'link-client@example.com' });
      await publish(event);
      const mail = await sent(() => mailsTo('link-client@example.com')[0]);
      expect(mail.parsed.subject).toBe('Alex Morgan invites you to complete your Risk Profile');
      // In the adviser's name, from the configured MAIL_FROM address, with replies to the adviser.
      expect(mail.parsed.from?.value).toEqual([
        { name: 'Alex Morgan via Risk Profile', address: 'no-reply@risk-profile.local' },
      ]);
      expect(mail.parsed.replyTo?.value).toEqual([{ name: 'Alex Morgan', address: ADVISER.email }]);
      expect(mail.envelope.from).toBe('no-reply@risk-profile.local');
      expect(mail.parsed.text).toContain(event.data.url);
      expect(mail.parsed.html).toContain(`href="${event.data.url}"`);
    });

    it('texts a questionnaire link by its short address, with its expiry, in one message', async () => {
      const shortUrl = 'https://advice.example.com/l/AbCdEfGhIj';
      const event = linkRequested({
        method: 'sms',
        clientEmail: null,
        clientPhone: '0499 333 444',
        shortUrl,
      });
      await publish(event);
      const sms = await sent(() => vonage.requests.find((r) => r.params.to === '61499333444'));
      expect(sms.params.text).toBe(
        `Alex Morgan of Harbour Wealth Partners invites you to complete your Risk Profile: ${shortUrl} Link expires 6 Dec 2026 AEDT.`,
      );
    });

    it('emails an account invitation with its single-use link', async () => {
      const event: IntegrationEvent = {
        id: randomUUID(),
        type: 'AccountInvitationRequested',
        version: 1,
        occurredAt: new Date().toISOString(),
        correlationId: 'invite-test',
        causationId: null,
        data: {
          accountId: randomUUID(),
          kind: 'invitation',
          recipientEmail: 'invited-adviser@example.com',
          recipientName: 'Ivy Invited',
          companyName: 'Invite Advice',
          url: 'https://advice.example.com/set-password?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
          expiresAt: '2026-12-01T09:00:00.000Z',
        },
      };
      await publish(event);
      const mail = await sent(() => mailsTo('invited-adviser@example.com')[0]);
      expect(mail.parsed.subject).toBe('Your Risk Profile account: set your password');
      expect(mail.parsed.text).toContain(event.data.url);
      expect(mail.parsed.text).toContain('The link works once, until 1 December 2026');
      const [delivery] = await listDeliveries(sql, { eventId: event.id });
      expect(delivery).toMatchObject({ kind: 'account-email', recipientRole: 'adviser', status: 'sent' });
    });

    it('purges message content an hour after sending and keeps the audit trail', async () => {
      const event = signedAssessment({ clientEmail: 'purge@example.com' });
      await publish(event);
      await eventually(async () => {
        const rows = await listDeliveries(sql, { eventId: event.id });
        expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
        expect(rows.every((r) => r.content !== null)).toBe(true);
      });
      offsetMs += PURGE_AFTER_MS + 60_000;
      const rows = await eventually(async () => {
        const found = await listDeliveries(sql, { eventId: event.id });
        if (found.some((r) => r.content !== null)) throw new Error('not purged yet');
        return found;
      });
      for (const row of rows) {
        expect(row.purgedAt).not.toBeNull();
        expect(row).toMatchObject({ status: 'sent', attempts: 1 });
        expect(row.subject).not.toBeNull();
        expect(row.recipient).not.toBe('');
        expect(row.providerMessageId).not.toBeNull();
      }
    });

    it('does not act on other lifecycle events', async () => {
      const before = (await listDeliveries(sql)).length;
      await publish(draftedAssessment(new Date().toISOString(), { clientEmail: 'drafted@example.com' }));
      await passedBy('after-draft@example.com');
      expect(mailsTo('drafted@example.com')).toHaveLength(0);
      expect((await listDeliveries(sql)).length).toBe(before + 1);
    });
  },
);
