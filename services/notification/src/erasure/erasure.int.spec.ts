import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AssessmentErasedV1,
  type AssessmentProcessingRestrictedV1,
  type AssessmentSignedV1,
  assessmentErasedV1,
  assessmentProcessingRestrictedV1,
  type IntegrationEvent,
  type RecordList,
  type SubjectAssessment,
} from '@risk-profile/contracts';
import { PgliteSqlClient, type SqlClient } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../mail/mailer.port';
import { outboxMailer } from '../mail/outbox-mailer.adapter';
import { outboxSms } from '../sms/outbox-sms.adapter';
import { ADVISER, draftedOf, envelopeOf, linkRequested, signedAssessment } from '../testing/fixtures';
import { type NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';
import { ERASED_NOT_SENT, ERASED_RECIPIENT, RESTRICTED_NOT_SENT } from './delivery-erasure';

const erasedEvent = (assessmentId: string, linkId: string | null): AssessmentErasedV1 =>
  assessmentErasedV1.parse({
    ...envelopeOf('AssessmentErased', 'req-erase'),
    data: {
      assessmentId,
      reason: 'request',
      linkId,
      adviserSlug: ADVISER.slug,
      erasedAt: new Date().toISOString(),
    },
  });

const restrictedEvent = (assessmentId: string): AssessmentProcessingRestrictedV1 =>
  assessmentProcessingRestrictedV1.parse({
    ...envelopeOf('AssessmentProcessingRestricted', 'req-erase'),
    data: {
      assessmentId,
      restrictedAt: new Date().toISOString(),
      retainedUntil: '2033-11-22T04:04:00.000Z',
    },
  });

/** The client erased here, and how each of their details may be written anywhere. */
const ERIN = {
  clientName: 'Erin Quillfeather',
  clientEmail: 'erin.quillfeather@example.com',
  clientPhone: '0491 570 156',
};
const ERIN_TRACES = ['erin quillfeather', 'erin.quillfeather@example.com', '570 156', '570156'];
/** Another client, whose email differs from Erin's by its domain alone: kept whole. */
const OTHER = {
  clientName: 'Olive Quillfeather',
  clientEmail: 'erin.quillfeather@example.co',
  clientPhone: '0491 570 999',
};

/** The targets, PGlite in a folder of its own so that its table files can be read. */
const targets = (dataDir: () => string) =>
  sqlTargets().map((target) =>
    target.name === 'PGlite'
      ? { ...target, open: () => PgliteSqlClient.open(join(dataDir(), 'pglite')) }
      : target,
  );

let folder = '';

describeTargets(
  targets(() => folder),
  (target) => `erasure and restriction in notification on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let service: NotificationUnderTest;
    let outbox: string;
    let admin: string;
    let adviser: string;
    /** Emails to these addresses fail for now (a transport refusing them), so they stay pending. */
    const refusing = new Set<string>();

    const publish = (event: IntegrationEvent) => service.publish(event);
    const get = (path: string, cookie: string) => fetch(`${service.url}${path}`, { headers: { cookie } });

    const deliveriesOf = async (where: string, params: unknown[]) =>
      (
        await sql.query<{
          id: string;
          status: string;
          recipient: string;
          last_error: string | null;
          attempts: number;
        }>(
          `SELECT id, status, recipient, last_error, attempts FROM notification_deliveries WHERE ${where}`,
          params,
        )
      ).rows;

    /** Publishes the events and waits until each delivery they ask for was sent (or refused, for `refused`). */
    async function signed(
      event: AssessmentSignedV1,
      deliveries: number,
      refused = false,
    ): Promise<AssessmentSignedV1> {
      await publish(draftedOf(event));
      await publish(event);
      await eventually(async () => {
        const rows = await deliveriesOf('event_id = $1', [event.id]);
        const record = await sql.query(
          'SELECT 1 FROM records_assessments WHERE assessment_id = $1 AND status = $2',
          [event.data.assessmentId, 'signed'],
        );
        const done = (r: (typeof rows)[number]) => (refused ? r.last_error !== null : r.status === 'sent');
        if (rows.length < deliveries || !rows.every(done))
          throw new Error(`not attempted yet: ${JSON.stringify(rows)}`);
        if (record.rows.length === 0) throw new Error('not projected yet');
        // Rendering a report's PDF takes seconds on a busy machine.
      }, 60_000);
      return event;
    }

    /** Every row of every table of notification whose text holds one of `traces` (any case). */
    async function tablesHolding(traces: readonly string[]): Promise<string[]> {
      const { rows: tables } = await sql.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.relkind = 'r' AND n.nspname = current_schema()`,
      );
      const found: string[] = [];
      // The bus's and the event store's tables are the platform's (the published events stay:
      // their personal fields are the assessment service's to make unreadable).
      for (const { name } of tables.filter((t) => !/^(bus_|es_)/.test(t.name))) {
        const { rows } = await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${name} AS t WHERE lower(t::text) LIKE ANY ($1::text[])`,
          [traces.map((trace) => `%${trace.toLowerCase()}%`)],
        );
        if (rows[0]!.n > 0) found.push(`${name} (${rows[0]!.n})`);
      }
      return found;
    }

    /** The outbox files of these assessments' (or link's) messages: each file's name holds its delivery's id. */
    async function outboxFilesOf(assessmentIds: string[], linkId: string | null = null): Promise<string[]> {
      const { rows } = await sql.query<{ id: string }>(
        'SELECT id FROM notification_deliveries WHERE assessment_id = ANY($1::uuid[]) OR link_id = $2',
        [assessmentIds, linkId],
      );
      return readdirSync(outbox).filter((name) => rows.some((row) => name.includes(row.id)));
    }

    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), 'erasure-'));
      outbox = join(folder, 'outbox');
      sql = await target.open();
      const files = outboxMailer({ dir: outbox });
      const mailer: Mailer = {
        ...files,
        send: async (mail) => {
          const to = String(mail.envelope.to);
          if (refusing.has(to)) throw new Error(`450 mailbox ${to} is busy`);
          return files.send(mail);
        },
      };
      service = await startNotificationUnderTest(
        sql,
        { REPORT_TIME_ZONE: 'Australia/Sydney', DATA_DIR: folder },
        {
          transports: { mailer, sms: outboxSms({ dir: outbox, from: 'RiskProfile' }) },
          // Refused messages are retried quickly: once the refusal ends, any still pending goes out.
          sender: { retryDelaysMs: Array(200).fill(300), pollIntervalMs: 50 },
        },
      );
      admin = await service.signIn('admin', null, 'admin@example.com');
      adviser = await service.signIn('adviser', ADVISER.slug, ADVISER.email);
    });
    afterAll(async () => {
      await service?.stop();
      await sql?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    describe("a client's data request", () => {
      const DORA = {
        clientName: 'Dora Datarequest',
        clientEmail: 'Dora.Datarequest@example.com',
        clientPhone: '0433 221 100',
      };
      let signedOne: AssessmentSignedV1;
      let draftOnly: AssessmentSignedV1;
      let linkId: string;
      const lookalikes: AssessmentSignedV1[] = [];

      beforeAll(async () => {
        const link = linkRequested({ ...DORA, method: 'sms' });
        linkId = link.data.linkId;
        await publish(link);
        signedOne = await signed(signedAssessment({ ...DORA, linkId }), 2);
        // A draft she never signed, with her email in another case and no phone.
        draftOnly = signedAssessment({
          ...DORA,
          clientEmail: 'dora.datarequest@EXAMPLE.com',
          clientPhone: null,
        });
        await publish(draftedOf(draftOnly));
        // Others whose details look like hers: another domain, a +tag, a number one digit apart.
        for (const lookalike of [
          { clientName: 'Dora Other', clientEmail: 'dora.datarequest@example.co', clientPhone: null },
          { clientName: 'Dora Tagged', clientEmail: 'dora.datarequest+x@example.com', clientPhone: null },
          { clientName: 'Dora Number', clientEmail: null, clientPhone: '0433 221 101' },
        ]) {
          lookalikes.push(await signed(signedAssessment(lookalike), 2));
        }
        await eventually(async () => {
          const { rows } = await sql.query('SELECT 1 FROM records_assessments WHERE assessment_id = $1', [
            draftOnly.data.assessmentId,
          ]);
          if (rows.length === 0) throw new Error('draft not projected yet');
        });
      });

      const find = async (query: string) => {
        const res = await get(`/api/admin/data-requests/assessments?${query}`, admin);
        expect(res.status, await res.clone().text()).toBe(200);
        return ((await res.json()) as { items: SubjectAssessment[] }).items;
      };

      it('finds every assessment of the client by email (any case) and only hers, with retention dates', async () => {
        const items = await find('email=DORA.datarequest@example.com');
        expect(new Set(items.map((i) => i.id))).toEqual(
          new Set([signedOne.data.assessmentId, draftOnly.data.assessmentId]),
        );
        const signedItem = items.find((i) => i.id === signedOne.data.assessmentId)!;
        expect(signedItem).toMatchObject({
          status: 'signed',
          restrictedAt: null,
          retainedUntil: '2033-11-22T04:04:00.000Z',
        });
        const draftItem = items.find((i) => i.id === draftOnly.data.assessmentId)!;
        expect(draftItem).toMatchObject({ status: 'in_progress', retainedUntil: '2027-02-20T03:50:00.000Z' });
      });

      it('finds her by mobile number however it is spaced, and not the number one digit apart', async () => {
        for (const phone of ['0433221100', '0433 221 100', ' 0433 221100 ']) {
          const items = await find(`phone=${encodeURIComponent(phone)}`);
          expect(items.map((i) => i.id)).toEqual([signedOne.data.assessmentId]);
        }
      });

      it.each([
        ['', 400],
        ['email=not-an-email', 400],
        ['phone=12', 400],
        ['email=a%40example.com&phone=0412345678', 400],
      ])('refuses the query "%s" with a clear 400', async (query, status) => {
        for (const path of ['assessments', 'export.zip']) {
          const res = await get(`/api/admin/data-requests/${path}?${query}`, admin);
          expect(res.status).toBe(status);
          expect(((await res.json()) as { error: string }).error).toMatch(/\w/);
        }
      });

      it('is for administrators only', async () => {
        for (const path of ['assessments', 'export.zip']) {
          expect(
            (await get(`/api/admin/data-requests/${path}?email=dora.datarequest%40example.com`, adviser))
              .status,
          ).toBe(403);
          expect(
            (await fetch(`${service.url}/api/admin/data-requests/${path}?email=x%40example.com`)).status,
          ).toBe(401);
        }
      });

      it('answers 404 to an export that matches nobody', async () => {
        const res = await get('/api/admin/data-requests/export.zip?email=nobody.here%40example.com', admin);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({
          error: 'No assessment matches this email address or mobile number.',
        });
      });

      it('exports every assessment of hers and nobody else’s, with her report and delivery history, audited', async () => {
        const res = await get(
          '/api/admin/data-requests/export.zip?email=dora.datarequest%40example.com',
          admin,
        );
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/zip');
        expect(res.headers.get('content-disposition')).toMatch(
          /^attachment; filename="client-data-\d{4}-\d{2}-\d{2}\.zip"$/,
        );
        const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
        const names = Object.keys(files).sort();
        const pdfs = names.filter((name) => name.endsWith('.pdf'));
        expect(pdfs).toHaveLength(1);
        expect(pdfs[0]).toContain(signedOne.data.assessmentId);
        expect(strFromU8(files[pdfs[0]!]!.slice(0, 5))).toBe('%PDF-');
        expect(names).toEqual(
          expect.arrayContaining(['README.txt', 'assessments.json', 'deliveries.json', 'deliveries.csv']),
        );
        const everything = names
          .filter((n) => !n.endsWith('.pdf'))
          .map((n) => strFromU8(files[n]!))
          .join('\n');
        for (const other of lookalikes) {
          expect(everything).not.toContain(other.data.assessmentId);
          expect(everything).not.toContain(other.data.clientName);
        }
        const json = JSON.parse(strFromU8(files['assessments.json']!)) as {
          assessments: { id: string; events: { event: string; data: Record<string, unknown> }[] }[];
        };
        expect(new Set(json.assessments.map((a) => a.id))).toEqual(
          new Set([signedOne.data.assessmentId, draftOnly.data.assessmentId]),
        );
        const events = json.assessments.find((a) => a.id === signedOne.data.assessmentId)!.events;
        expect(events.map((e) => e.event)).toEqual([
          'QuestionnaireLinkRequested',
          'AssessmentDrafted',
          'AssessmentSigned',
        ]);
        expect(events[2]!.data).toMatchObject({
          responses: signedOne.data.responses,
          ipAddress: signedOne.data.ipAddress,
        });
        const deliveries = JSON.parse(strFromU8(files['deliveries.json']!)) as {
          kind: string;
          status: string;
        }[];
        expect(deliveries.map((d) => d.kind).sort()).toEqual(['adviser-report', 'client-report', 'link-sms']);
        expect(strFromU8(files['deliveries.csv']!).trim().split('\n')).toHaveLength(4);
        const { rows: audit } = await sql.query<{ assessment_id: string; detail: string }>(
          "SELECT assessment_id, detail FROM records_access_log WHERE action = 'subject-export'",
        );
        expect(new Set(audit.map((a) => a.assessment_id))).toEqual(
          new Set([signedOne.data.assessmentId, draftOnly.data.assessmentId]),
        );
        for (const entry of audit) expect(entry.detail.toLowerCase()).not.toContain('dora');
      });

      it('lists a restricted assessment too, marked restricted', async () => {
        await publish(restrictedEvent(signedOne.data.assessmentId));
        await eventually(async () => {
          const items = await find('email=dora.datarequest%40example.com');
          const item = items.find((i) => i.id === signedOne.data.assessmentId);
          expect(item?.restrictedAt).not.toBeNull();
        });
      });
    });

    describe('an erased client', () => {
      let viaLink: AssessmentSignedV1;
      let pending: AssessmentSignedV1;
      let other: AssessmentSignedV1;
      let linkId: string;

      beforeAll(async () => {
        const link = linkRequested({ ...ERIN, method: 'email' });
        linkId = link.data.linkId;
        await publish(link);
        await eventually(async () => {
          const rows = await deliveriesOf('event_id = $1', [link.id]);
          if (rows[0]?.status !== 'sent') throw new Error('link email not sent yet');
        });
        viaLink = await signed(signedAssessment({ ...ERIN, linkId }), 2);
        other = await signed(signedAssessment(OTHER), 2);
        // The second assessment's messages are refused for now: they stay pending, with the
        // transport's error (naming the address) recorded.
        refusing.add(ERIN.clientEmail);
        refusing.add(ADVISER.email);
        pending = await signed(signedAssessment(ERIN), 2, true);
        if (target.name === 'PGlite') await sql.query('CHECKPOINT');
        expect(await outboxFilesOf([viaLink.data.assessmentId], linkId)).toHaveLength(3);
        expect(await tablesHolding(ERIN_TRACES)).not.toEqual([]);
        await publish(erasedEvent(viaLink.data.assessmentId, linkId));
        const erasure = erasedEvent(pending.data.assessmentId, null);
        await publish(erasure);
        // Redelivered: changes nothing.
        await publish(erasure);
        await eventually(async () => {
          const left = await deliveriesOf('assessment_id = ANY($1::uuid[]) AND erased_at IS NULL', [
            [viaLink.data.assessmentId, pending.data.assessmentId],
          ]);
          const records = await sql.query(
            'SELECT 1 FROM records_assessments WHERE assessment_id = ANY($1::uuid[])',
            [[viaLink.data.assessmentId, pending.data.assessmentId]],
          );
          if (left.length > 0 || records.rows.length > 0) throw new Error('not erased yet');
        });
        refusing.clear();
      });

      it('leaves nothing of the client in any table of notification, the other client whole', async () => {
        await eventually(async () => expect(await tablesHolding(ERIN_TRACES)).toEqual([]));
        const kept = await deliveriesOf('assessment_id = $1', [other.data.assessmentId]);
        expect(kept.map((r) => r.recipient).sort()).toEqual([ADVISER.email, OTHER.clientEmail].sort());
        const record = await sql.query(
          'SELECT client_name FROM records_assessments WHERE assessment_id = $1',
          [other.data.assessmentId],
        );
        expect(record.rows).toEqual([{ client_name: OTHER.clientName }]);
        const links = await sql.query('SELECT 1 FROM records_links WHERE link_id = $1', [linkId]);
        expect(links.rows).toEqual([]);
      });

      it('keeps each delivery row as the audit trail, with its recipient replaced', async () => {
        const rows = await deliveriesOf('assessment_id = ANY($1::uuid[]) OR link_id = $2', [
          [viaLink.data.assessmentId, pending.data.assessmentId],
          linkId,
        ]);
        expect(rows).toHaveLength(5);
        expect(rows.every((r) => r.recipient === ERASED_RECIPIENT)).toBe(true);
        expect(rows.filter((r) => r.status === 'sent')).toHaveLength(3);
      });

      it('never sends a message still pending, and records why', async () => {
        // The transport takes everything now, and the quick retries fall due.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const rows = await deliveriesOf('assessment_id = $1', [pending.data.assessmentId]);
        expect(rows.map((r) => [r.status, r.last_error])).toEqual([
          ['suppressed', ERASED_NOT_SENT],
          ['suppressed', ERASED_NOT_SENT],
        ]);
        expect(await outboxFilesOf([pending.data.assessmentId])).toEqual([]);
      });

      it("deletes the client's outbox files and keeps the other client's", async () => {
        expect(await outboxFilesOf([viaLink.data.assessmentId, pending.data.assessmentId], linkId)).toEqual(
          [],
        );
        expect(await outboxFilesOf([other.data.assessmentId])).toHaveLength(2);
      });

      // PGlite's files are this process's; a server's are on its own machine, not ours to read.
      const ownFiles = target.name === 'PGlite';
      it.runIf(ownFiles)(
        `rewrites the table files: no deleted row stays readable in them${ownFiles ? '' : " (skipped: a PostgreSQL server's table files are not this process's to read)"}`,
        async () => {
          await sql.query('CHECKPOINT');
          const { rows } = await sql.query<{ path: string }>(
            `SELECT pg_relation_filepath(c.oid) AS path FROM pg_class c
           WHERE c.relname IN ('notification_deliveries', 'records_assessments', 'records_links')
              OR c.oid IN (SELECT reltoastrelid FROM pg_class
                           WHERE relname IN ('notification_deliveries', 'records_assessments', 'records_links'))`,
          );
          expect(rows.length).toBeGreaterThanOrEqual(3);
          for (const { path } of rows) {
            const bytes = readFileSync(join(folder, 'pglite', path))
              .toString('latin1')
              .toLowerCase();
            for (const trace of ERIN_TRACES)
              expect(bytes.includes(trace), `${path} holds ${trace}`).toBe(false);
          }
          const kept = rows
            .map(({ path }) => readFileSync(join(folder, 'pglite', path)).toString('latin1'))
            .some((bytes) => bytes.includes('Olive Quillfeather'));
          expect(kept).toBe(true);
        },
      );

      it('answers the erased record as missing, to the adviser and the admin', async () => {
        for (const [path, cookie] of [
          [`/api/adviser/assessments/${viaLink.data.assessmentId}`, adviser],
          [`/api/admin/assessments/${viaLink.data.assessmentId}`, admin],
        ] as const) {
          expect((await get(path, cookie)).status).toBe(404);
        }
        expect(other.data.clientName).toBe('Olive Quillfeather');
      });
    });

    describe('a restricted record', () => {
      let kept: AssessmentSignedV1;
      beforeAll(async () => {
        refusing.add('rhea.restricted@example.com');
        refusing.add(ADVISER.email);
        kept = await signed(
          signedAssessment({
            clientName: 'Rhea Restricted',
            clientEmail: 'rhea.restricted@example.com',
            clientPhone: null,
          }),
          2,
          true,
        );
        await publish(restrictedEvent(kept.data.assessmentId));
        await eventually(async () => {
          const { rows } = await sql.query<{ restricted_at: unknown }>(
            'SELECT restricted_at FROM records_assessments WHERE assessment_id = $1',
            [kept.data.assessmentId],
          );
          if (rows[0]?.restricted_at == null) throw new Error('not restricted yet');
          const pendingLeft = await deliveriesOf("assessment_id = $1 AND status = 'pending'", [
            kept.data.assessmentId,
          ]);
          if (pendingLeft.length > 0) throw new Error('not muted yet');
        });
        refusing.clear();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      });

      it("is hidden from the adviser's list, record, PDF and resend, as a missing one", async () => {
        const id = kept.data.assessmentId;
        const list = (await (await get('/api/adviser/assessments?q=rhea', adviser)).json()) as RecordList;
        expect(list.items).toEqual([]);
        for (const path of [`/api/adviser/assessments/${id}`, `/api/adviser/assessments/${id}/report.pdf`]) {
          expect((await get(path, adviser)).status).toBe(404);
        }
        const resend = await service.post(
          `/api/adviser/assessments/${id}/resend`,
          { to: 'client' },
          { cookie: adviser },
        );
        expect(resend.status).toBe(404);
      });

      it('is still the admin’s, marked restricted, with its PDF', async () => {
        const id = kept.data.assessmentId;
        const list = (await (await get('/api/admin/assessments?q=rhea', admin)).json()) as RecordList;
        expect(list.items.map((r) => [r.id, r.restrictedAt !== null])).toEqual([[id, true]]);
        expect((await get(`/api/admin/assessments/${id}/report.pdf`, admin)).status).toBe(200);
      });

      it('sends nothing more about it: its pending messages are settled with the reason', async () => {
        const rows = await deliveriesOf('assessment_id = $1', [kept.data.assessmentId]);
        expect(rows.map((r) => [r.status, r.last_error])).toEqual([
          ['suppressed', RESTRICTED_NOT_SENT],
          ['suppressed', RESTRICTED_NOT_SENT],
        ]);
        expect(await outboxFilesOf([kept.data.assessmentId])).toEqual([]);
      });
    });
  },
);
