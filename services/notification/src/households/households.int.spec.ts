import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Delivery, listDeliveries } from '../delivery/deliveries';
import { ADVISER } from '../testing/fixtures';
import {
  assessmentErased,
  householdAgreed,
  householdConfirmed,
  householdMember,
} from '../testing/household-fixtures';
import {
  type NotificationUnderTest,
  type NotificationWithServers,
  startWithTestServers,
} from '../testing/notification-under-test';
import type { SmtpTestServer } from '../testing/smtp-test-server';
import type { VonageTestServer } from '../testing/vonage-test-server';
import {
  HOUSEHOLD_NOT_FOUND_MESSAGE,
  NOT_A_HOUSEHOLD_ID_MESSAGE,
} from './household-report/household-report.route';

const pdfText = (pdf: Buffer): string =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

const reportPath = (householdId: string) => `/api/adviser/households/${householdId}/report.pdf`;

describeTargets(
  sqlTargets(),
  (target) => `households' emails and report on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let servers: NotificationWithServers;
    let service: NotificationUnderTest;
    let smtp: SmtpTestServer;
    let vonage: VonageTestServer;
    let adviser: string;
    let otherAdviser: string;

    const publish = (event: IntegrationEvent) => service.publish(event);
    const mailsTo = (address: string) => smtp.received.filter((m) => m.envelope.to.includes(address));
    const get = (path: string, cookie: string) => fetch(`${service.url}${path}`, { headers: { cookie } });
    /** Waits until the event's `count` deliveries are all sent. */
    const sent = (eventId: string, count: number) =>
      eventually(async () => {
        const found = await listDeliveries(sql, { eventId });
        if (found.length < count || found.some((d) => d.status !== 'sent'))
          throw new Error(`not sent yet: ${found.map((d) => d.status).join()}`);
        return found;
      }, 30_000);
    /**
     * Publishes a later agreement of the same household (the same key, so the same partition, in
     * order) and waits for its email: the consumer has passed everything published before.
     */
    async function passedBy(householdId: string) {
      const member = householdMember('Marker Person', `marker-${randomUUID()}@example.com`);
      await publish(householdAgreed(householdId, [member, householdMember('Other', null, '0400 000 001')]));
      await eventually(async () => expect(mailsTo(member.email!)).toHaveLength(1));
    }

    beforeAll(async () => {
      sql = await target.open();
      servers = await startWithTestServers(sql, {
        sender: { retryDelaysMs: [200, 200], pollIntervalMs: 50 },
      });
      ({ service, smtp, vonage } = servers);
      adviser = await service.signIn('adviser', ADVISER.slug, ADVISER.email);
      otherAdviser = await service.signIn('adviser', 'other-adviser', 'other@example.com');
    });
    afterAll(async () => {
      await servers?.stop();
      await sql?.close();
    });

    describe('an agreed profile', () => {
      it('sends each member their own confirmation link, by email or by SMS, once however often it arrives', async () => {
        const jane = householdMember('Jane Citizen', 'jane.household@example.com');
        const john = householdMember('John Citizen', null, '0412 555 001');
        const householdId = randomUUID();
        const event = householdAgreed(householdId, [jane, john]);
        await publish(event);
        await sent(event.id, 2);
        const [mail] = mailsTo('jane.household@example.com');
        expect(mail?.parsed.subject).toBe("Alex Morgan asks you to confirm your household's Risk Profile");
        expect(mail?.parsed.from?.text).toContain('Alex Morgan via');
        expect(mail?.parsed.replyTo?.text).toBe(`"Alex Morgan" <${ADVISER.email}>`);
        const text = mail?.parsed.text ?? '';
        expect(text).toContain(`token=${jane.memberId}`);
        expect(text).not.toContain(`token=${john.memberId}`);
        expect(text).toContain('Alex Morgan of Harbour Wealth Partners');
        expect(text).toContain('Moderately Conservative');
        expect(text).toContain('The reason recorded: Joint money for the house deposit');
        expect(text).toContain('works until 6 December 2026');
        const sms = vonage.requests.filter((r) => r.params.to === '61412555001');
        expect(sms).toHaveLength(1);
        expect(sms[0]?.params.text).toContain(`token=${john.memberId}`);

        // Redelivered (the bus delivers at least once): nothing is recorded or sent again.
        await publish(event);
        await passedBy(householdId);
        expect(mailsTo('jane.household@example.com')).toHaveLength(1);
        expect(vonage.requests.filter((r) => r.params.to === '61412555001')).toHaveLength(1);
        expect(await listDeliveries(sql, { eventId: event.id })).toHaveLength(2);
      });
    });

    describe('a confirmed household', () => {
      const householdId = randomUUID();
      const jane = householdMember('Jane Confirmed', 'jane.confirmed@example.com');
      const john = householdMember('John Confirmed', 'john.confirmed@example.com');
      const event = householdConfirmed(householdId, [jane, john]);

      it('is 404 to its adviser before every member has confirmed', async () => {
        const res = await get(reportPath(householdId), adviser);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ error: HOUSEHOLD_NOT_FOUND_MESSAGE });
      });

      it('emails the report once to the adviser and once to each member, the PDF naming both and the agreed profile', async () => {
        await publish(event);
        const deliveries = await sent(event.id, 3);
        expect(deliveries.map((d: Delivery) => [d.kind, d.recipientRole, d.recipient]).sort()).toEqual(
          [
            ['household-report', 'adviser', ADVISER.email],
            ['household-report', 'client', 'jane.confirmed@example.com'],
            ['household-report', 'client', 'john.confirmed@example.com'],
          ].sort(),
        );
        const toAdviser = mailsTo(ADVISER.email).filter((m) => m.parsed.subject?.includes('Household'));
        expect(toAdviser).toHaveLength(1);
        expect(toAdviser[0]?.parsed.subject).toContain(
          'Household Risk Profile report: The Citizen household, Moderately Conservative, confirmed',
        );
        const toJane = mailsTo('jane.confirmed@example.com');
        expect(toJane).toHaveLength(1);
        expect(toJane[0]?.parsed.subject).toBe(
          "Your household's Risk Profile report: Moderately Conservative",
        );
        expect(toJane[0]?.parsed.text).toContain('Hi Jane,');
        for (const mail of [toAdviser[0]!, toJane[0]!, mailsTo('john.confirmed@example.com')[0]!]) {
          const [pdf] = mail.parsed.attachments;
          expect(pdf?.contentType).toBe('application/pdf');
          expect(pdf?.filename).toBe('household-risk-profile-the-citizen-household-2026-11-23.pdf');
          const text = pdfText(pdf!.content);
          expect(text).toContain('Jane Confirmed');
          expect(text).toContain('John Confirmed');
          expect(text).toContain('Agreed profile Moderately Conservative');
          expect(text).toContain('Harbour Wealth Partners · Licence AFSL 246810');
          expect(text).toContain('General advice only.');
          expect(text).toContain('signed “John Confirmed”');
        }

        await publish(event);
        await passedBy(householdId);
        expect(mailsTo('jane.confirmed@example.com')).toHaveLength(1);
        expect(await listDeliveries(sql, { eventId: event.id })).toHaveLength(3);
      });

      it('serves the stored report to its adviser, logs the download, and 404s another adviser', async () => {
        const res = await get(reportPath(householdId), adviser);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('content-disposition')).toContain(
          'household-risk-profile-the-citizen-household-2026-11-23.pdf',
        );
        const text = pdfText(Buffer.from(await res.arrayBuffer()));
        expect(text).toContain('Jane Confirmed');
        expect(text).toContain('Moderately Conservative');
        const { rows } = await sql.query<{ assessment_id: string; action: string; detail: string }>(
          'SELECT assessment_id, action, detail FROM records_access_log WHERE detail = $1 ORDER BY id',
          [`household report ${householdId}`],
        );
        expect(rows.map((r) => [r.action, r.assessment_id])).toEqual([
          ['report-download', jane.assessmentId],
          ['report-download', john.assessmentId],
        ]);

        const other = await get(reportPath(householdId), otherAdviser);
        expect(other.status).toBe(404);
        expect(await other.json()).toMatchObject({ error: HOUSEHOLD_NOT_FOUND_MESSAGE });
        const malformed = await get(reportPath('not-a-household'), adviser);
        expect(malformed.status).toBe(400);
        expect(await malformed.json()).toMatchObject({ error: NOT_A_HOUSEHOLD_ID_MESSAGE });
        expect((await fetch(`${service.url}${reportPath(householdId)}`)).status).toBe(401);
      });

      it('erases one member: the record and the report show them as erased and keep the other', async () => {
        await publish(assessmentErased(john.assessmentId));
        await eventually(async () => {
          const { rows } = await sql.query<{ snapshot: unknown }>(
            'SELECT snapshot FROM records_households WHERE household_id = $1',
            [householdId],
          );
          const stored = JSON.stringify(rows[0]?.snapshot);
          expect(stored).not.toContain('John Confirmed');
          expect(stored).not.toContain('john.confirmed@example.com');
          expect(stored).toContain('Jane Confirmed');
        });
        const text = pdfText(Buffer.from(await (await get(reportPath(householdId), adviser)).arrayBuffer()));
        expect(text).toContain('Member 2: Erased member');
        expect(text).toContain('Jane Confirmed');
        expect(text).not.toContain('John Confirmed');
        const toJohn = (await listDeliveries(sql, { eventId: event.id })).filter(
          (d) => d.recipientRole === 'client',
        );
        expect(toJohn.map((d) => d.recipient).sort()).toEqual(['(erased)', 'jane.confirmed@example.com']);
      });
    });

    it('asks and reports nothing to a member erased before the household event arrives', async () => {
      const jane = householdMember('Jane Early', 'jane.early@example.com');
      const john = householdMember('John Early', 'john.early@example.com');
      await publish(assessmentErased(john.assessmentId));
      // Another topic: the household event may come first, so it is published once the erasure is in.
      await eventually(async () => {
        const { rows } = await sql.query(
          'SELECT 1 FROM records_household_erasures WHERE assessment_id = $1',
          [john.assessmentId],
        );
        expect(rows).toHaveLength(1);
      });
      const event = householdConfirmed(randomUUID(), [jane, john]);
      await publish(event);
      const deliveries = await sent(event.id, 2);
      expect(deliveries.map((d) => d.recipient).sort()).toEqual([ADVISER.email, 'jane.early@example.com']);
      expect(mailsTo('john.early@example.com')).toHaveLength(0);
      const text = pdfText(mailsTo('jane.early@example.com')[0]!.parsed.attachments[0]!.content);
      expect(text).toContain('Erased member');
      expect(text).not.toContain('John Early');
    });
  },
);
