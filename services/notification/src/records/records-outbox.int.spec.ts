import type { IntegrationEvent, RecordDetail, RecordList, SentLinkList } from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkRequested, signedAssessment } from '../testing/fixtures';
import { type NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';

const ADVISER = {
  slug: 'outbox-adviser',
  adviserName: 'Olive Outbox',
  companyName: 'Outbox Advice',
  email: 'olive@example.com',
};

/**
 * Without a mail server or an SMS provider the messages are saved as files in the outbox folder:
 * staff see them as saved, not sent, and nothing they read names a folder on the server.
 */
describeTargets(
  sqlTargets(),
  (target) => `the records of messages saved in the outbox folder, on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let service: NotificationUnderTest;
    let adviser: string;
    let admin: string;

    const publish = (event: IntegrationEvent) => service.publish(event);
    async function json<T>(path: string, cookie: string): Promise<{ body: T; text: string }> {
      const res = await fetch(`${service.url}${path}`, { headers: { cookie } });
      const text = await res.text();
      expect(res.status, `${path}: ${text}`).toBe(200);
      return { body: JSON.parse(text) as T, text };
    }

    beforeAll(async () => {
      sql = await target.open();
      // No SMTP_URL and no Vonage keys: both channels write to DATA_DIR/outbox.
      service = await startNotificationUnderTest(
        sql,
        {},
        { sender: { retryDelaysMs: [200, 200], pollIntervalMs: 50 } },
      );
      adviser = await service.signIn('adviser', ADVISER.slug, ADVISER.email);
      admin = await service.signIn('admin', null, 'admin@example.com');
    });
    afterAll(async () => {
      await service?.stop();
      await sql?.close();
    });

    it('labels the report, the client copy and the link as saved, never as sent', async () => {
      const link = linkRequested({ adviserSlug: ADVISER.slug, clientName: 'Casey Outbox' });
      await publish(link);
      const signed = signedAssessment({
        adviserSlug: ADVISER.slug,
        adviser: ADVISER,
        clientName: 'Casey Outbox',
        clientEmail: 'casey.outbox@example.com',
        linkId: link.data.linkId,
      });
      await publish(signed);
      const id = signed.data.assessmentId;

      const record = await eventually(async () => {
        const { body, text } = await json<RecordDetail>(`/api/admin/assessments/${id}`, admin);
        const deliveries = body.history.flatMap((entry) => (entry.delivery ? [entry.delivery] : []));
        if (deliveries.length < 2 || deliveries.some((d) => d.status === 'pending')) {
          throw new Error(`not settled yet: ${text}`);
        }
        return { body, text, deliveries };
      }, 60_000);
      expect(record.deliveries.map((d) => [d.kind, d.status]).sort()).toEqual([
        ['adviser-report', 'saved'],
        ['client-report', 'saved'],
      ]);
      expect(record.body.reportDelivery?.status).toBe('saved');
      expect(record.text).not.toContain(service.dataDir);

      const list = await json<RecordList>('/api/adviser/assessments', adviser);
      expect(list.body.items.find((r) => r.id === id)?.reportDelivery?.status).toBe('saved');
      const links = await eventually(async () => {
        const page = await json<SentLinkList>('/api/adviser/links', adviser);
        const found = page.body.items.find((l) => l.linkId === link.data.linkId);
        if (found?.delivery?.status !== 'saved') throw new Error(`not saved yet: ${page.text}`);
        return page;
      }, 60_000);
      expect(links.text).not.toContain(service.dataDir);
      expect(links.text).not.toContain('outbox/');

      // The client's data export says the same.
      const zip = await fetch(
        `${service.url}/api/admin/data-requests/export.zip?email=casey.outbox@example.com`,
        {
          headers: { cookie: admin },
        },
      );
      expect(zip.status).toBe(200);
      const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      const exported = JSON.parse(strFromU8(files['deliveries.json']!)) as Array<{
        kind: string;
        status: string;
      }>;
      const reports = exported.filter((d) => d.kind !== 'link-email').map((d) => [d.kind, d.status]);
      expect(reports.sort()).toEqual([
        ['adviser-report', 'saved'],
        ['client-report', 'saved'],
      ]);
      expect(strFromU8(files['deliveries.csv']!)).not.toMatch(/,sent,/);
    });

    it('says a resend is saved, not on its way', async () => {
      const signed = signedAssessment({
        adviserSlug: ADVISER.slug,
        adviser: ADVISER,
        clientName: 'Riley Resent',
        clientEmail: 'riley@example.com',
      });
      await publish(signed);
      const id = signed.data.assessmentId;
      await eventually(async () => {
        const { rows } = await sql.query('SELECT 1 FROM records_assessments WHERE assessment_id = $1', [id]);
        if (rows.length === 0) throw new Error('not projected yet');
      });
      const res = await service.post(
        `/api/adviser/assessments/${id}/resend`,
        { to: 'adviser' },
        { cookie: adviser },
      );
      const text = await res.text();
      expect(res.status, text).toBe(202);
      expect(JSON.parse(text).message).toBe(
        `No mail server is configured, so the report to ${ADVISER.email} is saved in the outbox folder on the server instead of being sent.`,
      );
      expect(text).not.toContain(service.dataDir);
    });
  },
);
