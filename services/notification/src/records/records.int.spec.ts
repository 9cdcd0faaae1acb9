import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AssessmentSignedV1,
  capacityOutcome,
  capacityRecord,
  type IntegrationEvent,
  type RecordDetail,
  type RecordList,
} from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftedOf, linkRequested, signedAssessment } from '../testing/fixtures';
import {
  type NotificationUnderTest,
  type NotificationWithServers,
  startWithTestServers,
} from '../testing/notification-under-test';
import { recordProjected } from '../testing/record-projected';
import type { SmtpTestServer } from '../testing/smtp-test-server';
import { NOT_FOUND_MESSAGE } from './record-http';
import { BAD_CURSOR_MESSAGE } from './record-rules';
import { RESEND_LIMITED_MESSAGE } from './resend-report/resend-limits';

const ALPHA = {
  slug: 'alpha-adviser',
  adviserName: 'Alex Alpha',
  companyName: 'Alpha Wealth',
  email: 'alpha@example.com',
};
const BETA = {
  slug: 'beta-adviser',
  adviserName: 'Bea Beta',
  companyName: 'Beta Advice',
  email: 'beta@example.com',
};

const signedFor = (adviser: typeof ALPHA, overrides: Parameters<typeof signedAssessment>[0] = {}) =>
  signedAssessment({ adviserSlug: adviser.slug, adviser, ...overrides });

const pdfText = (pdf: Buffer): string => {
  const dir = mkdtempSync(join(tmpdir(), 'records-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describeTargets(
  sqlTargets(),
  (target) => `the records on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let service: NotificationUnderTest;
    let servers: NotificationWithServers;
    let smtp: SmtpTestServer;
    let alpha: string;
    let beta: string;
    let admin: string;
    let slugless: string;

    const publish = (event: IntegrationEvent) => service.publish(event);
    const get = (path: string, cookie?: string) =>
      fetch(`${service.url}${path}`, { headers: cookie ? { cookie } : {} });
    const json = async <T>(path: string, cookie: string): Promise<T> => {
      const res = await get(path, cookie);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
      return (await res.json()) as T;
    };
    const resend = (id: string, to: string, cookie: string) =>
      service.post(`/api/adviser/assessments/${id}/resend`, { to }, { cookie });

    /** Publishes the events and waits until the read model holds the assessment as signed. */
    async function signedRecord(event: AssessmentSignedV1): Promise<AssessmentSignedV1> {
      await publish(draftedOf(event));
      await publish(event);
      await recordProjected(sql, event.data.assessmentId);
      return event;
    }

    beforeAll(async () => {
      sql = await target.open();
      servers = await startWithTestServers(sql, {
        sender: { retryDelaysMs: [200, 200], pollIntervalMs: 50 },
      });
      ({ service, smtp } = servers);
      const { signIn } = service;
      alpha = await signIn('adviser', ALPHA.slug, 'alpha@example.com');
      beta = await signIn('adviser', BETA.slug, 'beta@example.com');
      admin = await signIn('admin', null, 'admin@example.com');
      slugless = await signIn('adviser', null, 'nobody@example.com');
    });
    afterAll(async () => {
      await servers?.stop();
      await sql?.close();
    });

    describe('the read model', () => {
      it('keeps a signed record signed when its Drafted arrives late or again', async () => {
        const signed = signedFor(ALPHA, { clientName: 'Late Draft' });
        await publish(signed);
        await publish(draftedOf(signed));
        await publish(draftedOf(signed));
        const { rows } = await eventually(async () => {
          const result = await sql.query<{ status: string; drafted_event_id: string | null }>(
            'SELECT status, drafted_event_id FROM records_assessments WHERE assessment_id = $1',
            [signed.data.assessmentId],
          );
          if (!result.rows[0]?.drafted_event_id) throw new Error('not projected yet');
          return result;
        });
        expect(rows[0]!.status).toBe('signed');
        const record = await json<RecordDetail>(
          `/api/adviser/assessments/${signed.data.assessmentId}`,
          alpha,
        );
        expect(record.status).toBe('signed');
        expect(record.signed?.signature.digest).toBe(signed.data.digest);
      });

      it('lists an in-progress draft as in progress, then signed once signed', async () => {
        const signed = signedFor(ALPHA, {
          clientName: 'Progressing Client',
          clientEmail: 'progress@example.com',
        });
        await publish(draftedOf(signed));
        const inProgress = await eventually(async () => {
          const list = await json<RecordList>('/api/adviser/assessments?q=progressing', alpha);
          if (list.items.length === 0) throw new Error('not projected yet');
          return list.items[0]!;
        });
        expect(inProgress).toMatchObject({ status: 'in_progress', signedAt: null, reviewDue: false });
        const pending = await get(`/api/adviser/assessments/${signed.data.assessmentId}/report.pdf`, alpha);
        expect(pending.status).toBe(404);
        const early = await resend(signed.data.assessmentId, 'adviser', alpha);
        expect(early.status).toBe(409);
        await signedRecord(signed);
        const list = await json<RecordList>('/api/adviser/assessments?q=PROGRESSING', alpha);
        expect(list.items.map((r) => [r.id, r.status])).toEqual([[signed.data.assessmentId, 'signed']]);
      });
    });

    describe('capacity for loss', () => {
      const capacityOf = async (id: string) => {
        const list = await json<RecordList>('/api/admin/assessments?q=capacity%20client&limit=100', admin);
        const item = list.items.find((r) => r.id === id)!;
        const detail = await json<RecordDetail>(`/api/adviser/assessments/${id}`, alpha);
        return {
          adviserReview: item.adviserReview,
          capacityWarning: item.capacityWarning,
          capacity: detail.capacity,
        };
      };
      const projected = (id: string, status: string) => recordProjected(sql, id, status);
      // Balanced recommended for these answers; High Growth is two groups above, beyond the horizon and capacity.
      const responses = uniformResponses(3);
      const outcome = capacityOutcome(responses, 'Balanced', 'High Growth');
      const client = { clientName: 'Capacity Client', clientEmail: null, clientPhone: '0400 000 001' };
      /** Waits until the record of `id` is `status`, then expects the capacity its pages show. */
      const projectedWithCapacity = async (id: string, status: string, expected: unknown) => {
        await projected(id, status);
        expect(await capacityOf(id)).toEqual(expected);
      };
      /** Projects the draft of `signed`, then the signing, with the capacity the pages show after each. */
      const draftThenSign = async (signed: AssessmentSignedV1, asDraft: unknown, asSigned: unknown) => {
        const id = signed.data.assessmentId;
        await publish(draftedOf(signed));
        await projectedWithCapacity(id, 'in_progress', asDraft);
        await publish(signed);
        await projectedWithCapacity(id, 'signed', asSigned);
      };

      it('fills the review flag, the warning flag and the record from the events that carry them', async () => {
        const recorded = capacityRecord(outcome, true);
        const signed = signedFor(ALPHA, {
          ...client,
          responses,
          selectedProfile: 'High Growth',
          capacity: recorded,
        });
        const flagged = { adviserReview: true, capacityWarning: true, capacity: recorded };
        await draftThenSign(signed, flagged, flagged);
      });

      it('recomputes a signed record from its answers when its events carry no capacity, and leaves such a draft without', async () => {
        const signed = signedFor(ALPHA, { ...client, responses, selectedProfile: 'High Growth' });
        const id = signed.data.assessmentId;
        await draftThenSign(
          signed,
          { adviserReview: false, capacityWarning: false, capacity: null },
          { adviserReview: true, capacityWarning: true, capacity: capacityRecord(outcome, false) },
        );
        // A record projected before the capacity column was filled: the page still shows it.
        await sql.query('UPDATE records_assessments SET capacity = NULL WHERE assessment_id = $1', [id]);
        expect((await capacityOf(id)).capacity).toEqual(capacityRecord(outcome, false));
      });

      it('flags nothing for a profile within the horizon and the capacity', async () => {
        const signed = await signedRecord(signedFor(ALPHA, { ...client, responses }));
        const { capacity, ...flags } = await capacityOf(signed.data.assessmentId);
        expect(flags).toEqual({ adviserReview: false, capacityWarning: false });
        expect(capacity).toMatchObject({
          timeHorizon: '5-7',
          capacityForLoss: 'moderate',
          warnings: [],
          overrideGrade: 'none',
        });
      });
    });

    describe('isolation between advisers', () => {
      let mine: AssessmentSignedV1;
      let theirs: AssessmentSignedV1;
      beforeAll(async () => {
        mine = await signedRecord(
          signedFor(ALPHA, { clientName: 'Alpha Client', clientEmail: 'ac@example.com' }),
        );
        theirs = await signedRecord(
          signedFor(BETA, { clientName: 'Beta Client', clientEmail: 'bc@example.com' }),
        );
      });

      it("lists only the adviser's own clients, and nothing for a session without an adviser page", async () => {
        const list = await json<RecordList>('/api/adviser/assessments?limit=100', alpha);
        expect(list.items.map((r) => r.id)).toContain(mine.data.assessmentId);
        expect(list.items.every((r) => r.adviserSlug === ALPHA.slug)).toBe(true);
        const other = await json<RecordList>('/api/adviser/assessments?q=alpha%20client', beta);
        expect(other.items).toEqual([]);
        expect((await json<RecordList>('/api/adviser/assessments', slugless)).items).toEqual([]);
      });

      it.each([
        ['the record', (id: string) => get(`/api/adviser/assessments/${id}`, alpha)],
        ['the PDF', (id: string) => get(`/api/adviser/assessments/${id}/report.pdf`, alpha)],
        ['a resend', (id: string) => resend(id, 'adviser', alpha)],
      ])("answers another adviser's %s exactly as a missing one", async (_what, call) => {
        const other = await call(theirs.data.assessmentId);
        const missing = await call(randomUUID());
        expect(other.status).toBe(404);
        expect(missing.status).toBe(404);
        expect(await other.json()).toEqual(await missing.json());
        const malformed = await call('not-an-id');
        expect(malformed.status).toBe(404);
        expect(((await malformed.json()) as { error: string }).error).toBe(NOT_FOUND_MESSAGE);
      });

      it('lets the admin see every adviser, or one', async () => {
        const all = await json<RecordList>('/api/admin/assessments?limit=100', admin);
        const ids = all.items.map((r) => r.id);
        expect(ids).toEqual(expect.arrayContaining([mine.data.assessmentId, theirs.data.assessmentId]));
        const onlyBeta = await json<RecordList>(
          `/api/admin/assessments?adviser=${BETA.slug}&limit=100`,
          admin,
        );
        expect(onlyBeta.items.map((r) => r.id)).toContain(theirs.data.assessmentId);
        expect(onlyBeta.items.every((r) => r.adviserSlug === BETA.slug)).toBe(true);
        const record = await json<RecordDetail>(`/api/admin/assessments/${theirs.data.assessmentId}`, admin);
        expect(record.clientName).toBe('Beta Client');
      });

      it("lists only the adviser's own links, with the delivery and the assessment each led to", async () => {
        const link = linkRequested({ adviserSlug: ALPHA.slug, clientName: 'Linked Client' });
        const otherLink = linkRequested({ adviserSlug: BETA.slug, clientName: 'Beta Linked' });
        await publish(link);
        await publish(otherLink);
        const signed = signedFor(ALPHA, { clientName: 'Linked Client', linkId: link.data.linkId });
        await signedRecord(signed);
        const entry = await eventually(async () => {
          const list = await json<{ items: Array<Record<string, unknown>> }>('/api/adviser/links', alpha);
          const found = list.items.find((l) => l.linkId === link.data.linkId);
          if (!found?.delivery) throw new Error('not delivered yet');
          return found;
        });
        expect(entry).toMatchObject({ assessmentId: signed.data.assessmentId, assessmentStatus: 'signed' });
        const theirsList = await json<{ items: Array<{ linkId: string }> }>('/api/adviser/links', beta);
        expect(theirsList.items.map((l) => l.linkId)).toEqual([otherLink.data.linkId]);
      });
    });

    describe('the report on demand', () => {
      it('is the emailed PDF, as text, with safe download headers, and is logged', async () => {
        const event = await signedRecord(
          signedFor(ALPHA, { clientName: 'Pdf Client', clientEmail: 'pdf-client@example.com' }),
        );
        const emailed = await eventually(async () => {
          const mail = smtp.received.find(
            (m) => m.envelope.to.includes(ALPHA.email) && m.parsed.replyTo?.text === 'pdf-client@example.com',
          );
          if (!mail) throw new Error('not emailed yet');
          return mail.parsed.attachments[0]!.content;
        });
        const res = await get(`/api/adviser/assessments/${event.data.assessmentId}/report.pdf`, alpha);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('content-disposition')).toBe(
          'attachment; filename="risk-profile-pdf-client-2026-11-22.pdf"',
        );
        const onDemand = Buffer.from(await res.arrayBuffer());
        const text = pdfText(onDemand);
        expect(text).toContain('Pdf Client');
        expect(text).toBe(pdfText(emailed));
        const adminCopy = await get(`/api/admin/assessments/${event.data.assessmentId}/report.pdf`, admin);
        expect(pdfText(Buffer.from(await adminCopy.arrayBuffer()))).toBe(text);
        const log = await json<{ items: Array<Record<string, unknown>> }>(
          `/api/admin/access-log?assessment=${event.data.assessmentId}&action=report-download`,
          admin,
        );
        expect(log.items.map((e) => [e.actorEmail, e.actorRole])).toEqual([
          ['admin@example.com', 'admin'],
          ['alpha@example.com', 'adviser'],
        ]);
      });
    });

    describe('the record and the access log', () => {
      it('shows the record with its history and verification, and logs each view with who and from where', async () => {
        const event = await signedRecord(
          signedFor(ALPHA, { clientName: 'Viewed Client', ipAddress: '::ffff:198.51.100.4' }),
        );
        const id = event.data.assessmentId;
        const record = await eventually(async () => {
          const detail = await json<RecordDetail>(`/api/adviser/assessments/${id}`, alpha);
          if (detail.history.filter((h) => h.event === 'delivery').length < 2)
            throw new Error('not delivered yet');
          return detail;
        });
        expect(record.signed?.signature.ipAddress).toBe('198.51.100.4');
        expect(record.verification).toContain(`assessment ${id}`);
        expect(record.history.slice(0, 2).map((h) => h.event)).toEqual(['drafted', 'signed']);
        expect(record.reportDelivery?.kind).toBe('adviser-report');
        await json<RecordDetail>(`/api/admin/assessments/${id}`, admin);
        const log = await json<{ items: Array<Record<string, unknown>> }>(
          `/api/admin/access-log?assessment=${id}`,
          admin,
        );
        const views = log.items.filter((e) => e.action === 'record-view');
        expect(views.length).toBeGreaterThanOrEqual(2);
        expect(views[0]).toMatchObject({
          actorEmail: 'admin@example.com',
          actorRole: 'admin',
          assessmentId: id,
        });
        expect(views.at(-1)).toMatchObject({ actorEmail: 'alpha@example.com', actorRole: 'adviser' });
        expect(views.every((e) => e.ipAddress === '127.0.0.1')).toBe(true);
        const byActor = await json<{ items: Array<Record<string, unknown>> }>(
          '/api/admin/access-log?actor=ALPHA@example.com',
          admin,
        );
        expect(byActor.items.length).toBeGreaterThan(0);
        expect(byActor.items.every((e) => e.actorEmail === 'alpha@example.com')).toBe(true);
      });

      it('refuses any change to the access log', async () => {
        await expect(
          sql.query("UPDATE records_access_log SET actor_email = 'someone@example.com'"),
        ).rejects.toThrow(/append-only/);
        await expect(sql.query('DELETE FROM records_access_log')).rejects.toThrow(/append-only/);
      });
    });

    describe('resending the report', () => {
      it('records a new delivery, sends it, and limits resends per report', async () => {
        const event = await signedRecord(
          signedFor(ALPHA, { clientName: 'Resend Client', clientEmail: 'resend-client@example.com' }),
        );
        const id = event.data.assessmentId;
        const res = await resend(id, 'client', alpha);
        expect(res.status).toBe(202);
        const body = (await res.json()) as { message: string; delivery: Record<string, unknown> };
        expect(body.delivery).toMatchObject({
          kind: 'client-report',
          recipient: 'resend-client@example.com',
          resend: true,
          requestedBy: 'alpha@example.com',
        });
        await eventually(async () => {
          if (smtp.received.filter((m) => m.envelope.to.includes('resend-client@example.com')).length < 2)
            throw new Error('not resent yet');
        });
        for (let i = 0; i < 4; i += 1) expect((await resend(id, 'adviser', alpha)).status).toBe(202);
        const limited = await resend(id, 'adviser', alpha);
        expect(limited.status).toBe(429);
        expect(((await limited.json()) as { error: string }).error).toBe(RESEND_LIMITED_MESSAGE);
        expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
        const record = await json<RecordDetail>(`/api/adviser/assessments/${id}`, alpha);
        expect(record.history.filter((h) => h.delivery?.resend).length).toBe(5);
        const bad = await resend(id, 'nobody', alpha);
        expect(bad.status).toBe(400);
        expect(((await bad.json()) as { error: string }).error).toBe(
          'Choose whether to send the report to the adviser or the client.',
        );
      });

      it('answers 409 when the client left no contact for the report', async () => {
        const event = await signedRecord(
          signedFor(ALPHA, { clientName: 'No Contact', clientEmail: null, clientPhone: null }),
        );
        const res = await resend(event.data.assessmentId, 'client', alpha);
        expect(res.status).toBe(409);
        expect(((await res.json()) as { error: string }).error).toMatch(/no email address or mobile number/);
      });
    });

    describe('review due', () => {
      it("is the client's latest signed profile only, once older than the interval", async () => {
        const email = 'reviewed@example.com';
        const old = await signedRecord(
          signedFor(BETA, {
            clientName: 'Reviewed Client',
            clientEmail: email,
            createdAt: '2024-01-10T00:00:00.000Z',
            signedAt: '2024-01-10T01:00:00.000Z',
          }),
        );
        const stale = await signedRecord(
          signedFor(BETA, {
            clientName: 'Stale Client',
            clientEmail: 'stale@example.com',
            createdAt: '2024-02-10T00:00:00.000Z',
            signedAt: '2024-02-10T01:00:00.000Z',
          }),
        );
        const due = await json<RecordList>('/api/adviser/assessments?reviewDue=true&limit=100', beta);
        expect(due.items.map((r) => r.id)).toEqual(
          expect.arrayContaining([old.data.assessmentId, stale.data.assessmentId]),
        );
        // The same client (the email in another case) signs again: the old profile is no longer due.
        const renewed = await signedRecord(
          signedFor(BETA, { clientName: 'Reviewed Client', clientEmail: 'Reviewed@Example.com' }),
        );
        const after = await json<RecordList>('/api/adviser/assessments?reviewDue=true&limit=100', beta);
        const ids = after.items.map((r) => r.id);
        expect(ids).toContain(stale.data.assessmentId);
        expect(ids).not.toContain(old.data.assessmentId);
        expect(ids).not.toContain(renewed.data.assessmentId);
        const notDue = await json<RecordList>('/api/adviser/assessments?reviewDue=false&limit=100', beta);
        expect(notDue.items.map((r) => r.id)).toEqual(
          expect.arrayContaining([old.data.assessmentId, renewed.data.assessmentId]),
        );
        const staleRow = after.items.find((r) => r.id === stale.data.assessmentId)!;
        expect(staleRow).toMatchObject({ reviewDue: true, reviewDueAt: '2025-02-10T01:00:00.000Z' });
      });
    });

    describe('the list', () => {
      it('pages newest first by cursor, without repeating or missing a record', async () => {
        for (let i = 0; i < 5; i += 1)
          await signedRecord(
            signedFor(BETA, {
              clientName: `Paged ${i}`,
              createdAt: `2026-10-0${i + 1}T00:00:00.000Z`,
              signedAt: `2026-10-0${i + 1}T01:00:00.000Z`,
            }),
          );
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: RecordList = await json<RecordList>(
            `/api/adviser/assessments?q=paged&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
            beta,
          );
          seen.push(...page.items.map((r) => r.clientName));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen).toEqual(['Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'Paged 0']);
      });

      it('matches a search literally: wildcards are not wildcards', async () => {
        await signedRecord(signedFor(BETA, { clientName: 'Percent 100% Client' }));
        expect((await json<RecordList>('/api/adviser/assessments?q=100%25', beta)).items).toHaveLength(1);
        expect((await json<RecordList>('/api/adviser/assessments?q=_', beta)).items).toHaveLength(0);
      });

      it.each([
        ['status=bogus', 'Status must be in_progress or signed.'],
        ['reviewDue=maybe', 'reviewDue must be true or false.'],
        ['cursor=nonsense', BAD_CURSOR_MESSAGE],
        [`q=${'x'.repeat(201)}`, 'Please keep the search to 200 characters or fewer.'],
      ])('refuses %s with a 400 that says why', async (query, message) => {
        const res = await get(`/api/adviser/assessments?${query}`, alpha);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: string }).error).toBe(message);
      });

      it('refuses a bad adviser filter, access-log query and limit with a 400', async () => {
        for (const path of [
          '/api/admin/assessments?adviser=Not%20A%20Slug',
          '/api/admin/assessments?limit=1000',
          '/api/admin/access-log?assessment=nope',
          '/api/admin/access-log?cursor=nonsense',
          '/api/admin/assessments.csv?status=bogus',
        ]) {
          const res = await get(path, admin);
          expect(res.status, path).toBe(400);
          expect(typeof ((await res.json()) as { error: string }).error).toBe('string');
        }
      });
    });

    describe('the CSV export', () => {
      it('exports every matching row, spreadsheet-safe, and logs the export', async () => {
        await signedRecord(signedFor(BETA, { clientName: '=HYPERLINK("http://evil.example","x")' }));
        const res = await get(`/api/admin/assessments.csv?adviser=${BETA.slug}`, admin);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(res.headers.get('content-disposition')).toMatch(
          /^attachment; filename="assessments-\d{4}-\d{2}-\d{2}\.csv"$/,
        );
        const bytes = Buffer.from(await res.arrayBuffer());
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const text = bytes.toString('utf8').slice(1);
        const lines = text.split('\r\n').filter(Boolean);
        expect(lines[0]).toMatch(/^Assessment id,Adviser,Client name,/);
        expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
        const listed = await json<RecordList>(`/api/admin/assessments?adviser=${BETA.slug}&limit=100`, admin);
        expect(lines.length - 1).toBe(listed.items.length);
        expect(lines.slice(1).every((line) => line.includes(BETA.slug))).toBe(true);
        const log = await json<{ items: Array<Record<string, unknown>> }>(
          '/api/admin/access-log?action=export',
          admin,
        );
        expect(log.items[0]).toMatchObject({
          actorEmail: 'admin@example.com',
          detail: `adviser ${BETA.slug}`,
        });
      });
    });

    describe('access', () => {
      const adviserPaths = [
        '/api/adviser/assessments',
        `/api/adviser/assessments/${randomUUID()}`,
        `/api/adviser/assessments/${randomUUID()}/report.pdf`,
        '/api/adviser/links',
      ];
      const adminPaths = [
        '/api/admin/assessments',
        `/api/admin/assessments/${randomUUID()}`,
        `/api/admin/assessments/${randomUUID()}/report.pdf`,
        '/api/admin/assessments.csv',
        '/api/admin/access-log',
      ];

      it('answers 401 without a session, on every endpoint', async () => {
        for (const path of [...adviserPaths, ...adminPaths]) expect((await get(path)).status, path).toBe(401);
        expect(
          (await service.post(`/api/adviser/assessments/${randomUUID()}/resend`, { to: 'client' })).status,
        ).toBe(401);
      });

      it('answers 403 to the wrong role', async () => {
        for (const path of adviserPaths) expect((await get(path, admin)).status, path).toBe(403);
        for (const path of adminPaths) expect((await get(path, alpha)).status, path).toBe(403);
        expect((await resend(randomUUID(), 'client', admin)).status).toBe(403);
      });
    });
  },
);
