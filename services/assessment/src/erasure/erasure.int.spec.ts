import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Assessment,
  assessmentSchema,
  erasureAuditSchema,
  erasureResultSchema,
  NO_MATCHING_ASSESSMENTS_MESSAGE,
  QUESTIONNAIRE_LINKS_TOPIC,
} from '@risk-profile/contracts';
import { PgliteSqlClient, type SqlClient } from '@risk-profile/platform';
import {
  describeTargets,
  eventually,
  filesHolding,
  type SqlTarget,
  sqlTargets,
} from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED } from '../data-protection/personal-fields';
import {
  type AssessmentTestServer,
  startAssessmentServer,
  testStaffCookie,
} from '../testing/assessment-test-server';
import { yesBody } from '../testing/fixtures';
import { tablesHolding } from '../testing/personal-data-scan';

const T0 = new Date('2026-01-10T09:00:00.000Z');
const PATH = '/api/admin/data-requests/erasures';

/** Waits until `check` holds (the relay publishes asynchronously). */
const until = (check: () => Promise<boolean>) =>
  eventually(async () => {
    if (!(await check())) throw new Error('not yet');
  });

/** A client nobody else is: their name, email and number appear nowhere but in their own data. */
function client(tag: string) {
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  return {
    clientName: `Erasable ${tag} Quillfeather`,
    clientEmail: `erasable.${tag}.${digits}@example.com`,
    clientPhone: `0497 ${digits.slice(0, 3)} ${digits.slice(3)}`,
  };
}

interface Harness {
  sql: SqlClient;
  server: AssessmentTestServer;
  now: () => Date;
  admin: () => Promise<string>;
  adviser: () => Promise<string>;
  draft: (body: ReturnType<typeof yesBody>) => Promise<Assessment>;
  sign: (id: string) => Promise<void>;
  erase: (subject: { email?: string; phone?: string }) => Promise<Response>;
  lifecycleMessages: (key: string) => Promise<{ id: string; type: string; value: string }[]>;
}

async function harness(sql: SqlClient): Promise<Harness> {
  const now = () => T0;
  const server = await startAssessmentServer(sql, { clock: now, background: true });
  const signIn = (role: 'admin' | 'adviser') =>
    testStaffCookie(sql, T0, {
      role,
      email: 'dpo@firm.example',
      name: 'Data Officer',
      adviserSlug: role === 'adviser' ? 'demo-adviser' : null,
    });
  const admin = () => signIn('admin');
  return {
    sql,
    server,
    now,
    admin,
    adviser: () => signIn('adviser'),
    draft: async (body) => {
      const response = await server.post('/api/assessments', body);
      expect(response.status, await response.clone().text()).toBe(201);
      return assessmentSchema.parse(await response.json());
    },
    sign: async (id) => {
      const response = await server.post(`/api/assessments/${id}/sign`, {
        confirmed: true,
        investmentExclusions: 'No tobacco, please',
        investmentPreferences: 'Quillfeather green funds',
      });
      expect(response.status).toBe(200);
    },
    erase: async (subject) =>
      server.post(
        PATH,
        { email: subject.email ?? '', phone: subject.phone ?? '' },
        { cookie: await admin() },
      ),
    lifecycleMessages: async (key) =>
      (
        await sql.query<{ id: string; type: string; value: string }>(
          `SELECT id, coalesce(value->>'type', '') AS type, coalesce(value::text, '') AS value
           FROM bus_messages WHERE topic = 'risk-profile.assessment-lifecycle.v1' AND key = $1
           ORDER BY transaction_id, seq, index`,
          [key],
        )
      ).rows,
  };
}

/** Drafts (with a link, whose request message the bus also holds) and erases one client. */
async function draftAndErase(h: Harness, tag: string) {
  const person = client(tag);
  const linkId = randomUUID();
  // The adviser service's link request holds the recipient's address, keyed by the link.
  await h.server.bus.publish(QUESTIONNAIRE_LINKS_TOPIC, [
    {
      id: randomUUID(),
      key: linkId,
      value: {
        type: 'QuestionnaireLinkRequested',
        data: { email: person.clientEmail, name: person.clientName },
      },
    },
  ]);
  const drafted = await h.draft(
    yesBody({ ...person, linkId, profileChangeReason: '', investmentExclusions: 'Quillfeather exclusions' }),
  );
  await until(async () => (await h.lifecycleMessages(drafted.id)).length === 1);
  const needles = [
    person.clientName,
    person.clientEmail,
    drafted.clientPhone!.replace(/ /g, ''),
    drafted.clientPhone!,
    'Quillfeather exclusions',
  ];
  // Before: the name is readable in the bus log, and the events hold it only encrypted.
  expect(await tablesHolding(h.sql, needles)).not.toEqual([]);

  const response = await h.erase({ email: person.clientEmail.toUpperCase() });
  expect(response.status).toBe(200);
  const result = erasureResultSchema.parse(await response.json());
  expect(result.items).toEqual([
    { assessmentId: drafted.id, outcome: 'erased', reason: null, retainedUntil: null },
  ]);
  await until(async () => (await h.lifecycleMessages(drafted.id)).some((m) => m.type === 'AssessmentErased'));
  return { person, drafted, linkId, needles };
}

describeTargets(
  sqlTargets(),
  (target) => `erasure of a client's assessments on ${target.name}`,
  (target: SqlTarget) => {
    let h: Harness;

    beforeAll(async () => {
      h = await harness(await target.open());
    });
    afterAll(async () => {
      await h?.server.stop();
      await h?.sql.close();
    });

    it('erases a draft: no name, email, phone or free text readable in any table or the bus log', async () => {
      const { drafted, needles, linkId } = await draftAndErase(h, 'draft');

      expect(await tablesHolding(h.sql, needles)).toEqual([]);
      // The stream is kept: its events read with the erased marker, then the erasure.
      const stream = await h.server.store.readStream(`assessment-${drafted.id}`);
      expect(stream.map((e) => e.type)).toEqual(['AssessmentDrafted', 'AssessmentErased']);
      expect(stream[0]!.data).toMatchObject({
        clientName: ERASED,
        clientEmail: null,
        clientPhone: null,
        riskScore: drafted.riskScore,
      });
      expect(stream[1]!.data).toEqual({
        assessmentId: drafted.id,
        reason: 'request',
        linkId,
        adviserSlug: 'demo-adviser',
        erasedAt: T0.toISOString(),
      });
      // The bus: the drafted message is purged, the erasure kept; the link's request purged.
      const messages = await h.lifecycleMessages(drafted.id);
      expect(messages.map((m) => m.type)).toEqual(['', 'AssessmentErased']);
      expect(messages[1]!.id).toBe(stream[1]!.id);
      const { rows: keys } = await h.sql.query(
        'SELECT 1 FROM assessment_data_keys WHERE assessment_id = $1',
        [drafted.id],
      );
      expect(keys).toEqual([]);
      // It cannot be signed any more.
      expect((await h.server.post(`/api/assessments/${drafted.id}/sign`, { confirmed: true })).status).toBe(
        404,
      );
      // A second request finds it already erased, and is audited too.
      const again = erasureResultSchema.parse(await (await h.erase({ phone: drafted.clientPhone! })).json());
      expect(again.items.map((i) => i.outcome)).toEqual(['already-erased']);
    });

    it('refuses to erase a signed record inside retention: only the restriction and the audit change', async () => {
      const person = client('signed');
      const drafted = await h.draft(yesBody(person));
      await h.sign(drafted.id);
      await until(async () => (await h.lifecycleMessages(drafted.id)).length === 2);
      const rawBefore = await h.server.rawStore.readStream(`assessment-${drafted.id}`);
      const keyBefore = await h.sql.query('SELECT * FROM assessment_data_keys WHERE assessment_id = $1', [
        drafted.id,
      ]);
      const subjectBefore = await h.sql.query('SELECT * FROM assessment_subjects WHERE assessment_id = $1', [
        drafted.id,
      ]);
      const messagesBefore = await h.lifecycleMessages(drafted.id);

      const response = await h.erase({ phone: drafted.clientPhone! });
      expect(response.status).toBe(200);
      const { items } = erasureResultSchema.parse(await response.json());
      expect(items).toEqual([
        {
          assessmentId: drafted.id,
          outcome: 'restricted',
          // In words without a date: the page writes the date from retainedUntil, in its one format.
          reason:
            'A signed record is kept for 7 years after signing, so it was not erased; its processing is restricted instead.',
          retainedUntil: '2033-01-10T09:00:00.000Z',
        },
      ]);
      await until(async () => (await h.lifecycleMessages(drafted.id)).length === 3);

      const rawAfter = await h.server.rawStore.readStream(`assessment-${drafted.id}`);
      expect(rawAfter.slice(0, 2)).toEqual(rawBefore);
      expect(rawAfter.slice(2).map((e) => [e.type, e.data])).toEqual([
        [
          'AssessmentProcessingRestricted',
          {
            assessmentId: drafted.id,
            restrictedAt: T0.toISOString(),
            retainedUntil: '2033-01-10T09:00:00.000Z',
          },
        ],
      ]);
      expect(
        (await h.sql.query('SELECT * FROM assessment_data_keys WHERE assessment_id = $1', [drafted.id])).rows,
      ).toEqual(keyBefore.rows);
      const subjectAfter = await h.sql.query('SELECT * FROM assessment_subjects WHERE assessment_id = $1', [
        drafted.id,
      ]);
      expect(subjectAfter.rows).toEqual([{ ...subjectBefore.rows[0], restricted_at: T0 }]);
      const messagesAfter = await h.lifecycleMessages(drafted.id);
      expect(messagesAfter.slice(0, 2)).toEqual(messagesBefore);
      expect(messagesAfter[2]!.type).toBe('AssessmentProcessingRestricted');
      // Still readable in full by the service.
      const stream = await h.server.store.readStream(`assessment-${drafted.id}`);
      expect(stream[0]!.data).toMatchObject({
        clientName: person.clientName,
        clientEmail: person.clientEmail,
      });
    });

    it('audits every erasure and refusal, newest first, without the email or the number', async () => {
      const response = await fetch(`${h.server.url}${PATH}?limit=2`, {
        headers: { cookie: await h.admin() },
      });
      expect(response.status).toBe(200);
      const audit = erasureAuditSchema.parse(await response.json());
      expect(audit.items.map((i) => [i.outcome, i.reason, i.actorEmail])).toEqual([
        ['restricted', 'request', 'dpo@firm.example'],
        ['already-erased', 'request', 'dpo@firm.example'],
      ]);
      expect(audit.items[0]!.detail).toContain('kept for 7 years after signing');
      const next = erasureAuditSchema.parse(
        await (
          await fetch(`${h.server.url}${PATH}?limit=2&cursor=${audit.nextCursor}`, {
            headers: { cookie: await h.admin() },
          })
        ).json(),
      );
      expect(next.items.map((i) => i.outcome)).toEqual(['erased']);
      expect(next.nextCursor).toBeNull();
      // A number as it was entered or as digits only; a bare "0497" could be part of a random id.
      expect(JSON.stringify([audit, next])).not.toMatch(/erasable\.|0497 \d{3} \d|0497\d{6}|\+61 ?497/);
    });

    it('answers 404 when nothing matches, 400 for a bad body or cursor, 401 and 403 without an admin', async () => {
      const none = await h.erase({ email: 'nobody-at-all@example.com' });
      expect(none.status).toBe(404);
      expect(await none.json()).toMatchObject({ error: NO_MATCHING_ASSESSMENTS_MESSAGE });
      expect((await h.erase({})).status).toBe(400);
      expect((await h.erase({ email: 'a@example.com', phone: '0412 345 678' })).status).toBe(400);
      expect((await h.server.post(PATH, '{not json', { cookie: await h.admin() })).status).toBe(400);
      const badCursor = await fetch(`${h.server.url}${PATH}?cursor=abc`, {
        headers: { cookie: await h.admin() },
      });
      expect(badCursor.status).toBe(400);
      expect((await h.server.post(PATH, { email: 'a@example.com', phone: '' })).status).toBe(401);
      expect((await fetch(`${h.server.url}${PATH}`)).status).toBe(401);
      const adviser = await h.adviser();
      expect(
        (await h.server.post(PATH, { email: 'a@example.com', phone: '' }, { cookie: adviser })).status,
      ).toBe(403);
      expect((await fetch(`${h.server.url}${PATH}`, { headers: { cookie: adviser } })).status).toBe(403);
    });
  },
);

describe('erasure on PGlite in a data directory', () => {
  let dir: string;
  let h: Harness;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'erasure-files-'));
    h = await harness(await PgliteSqlClient.open(dir));
  });
  afterAll(async () => {
    await h?.server.stop().catch(() => {});
    await h?.sql.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no file under the data directory holding the name, email or phone, the WAL included', async () => {
    // The control: a client who is not erased is found in the files by the same scan.
    const kept = client('kept');
    await h.draft(yesBody(kept));
    const { needles } = await draftAndErase(h, 'files');
    await h.server.stop();
    // Dirty pages reach the table files at a checkpoint; closing the database makes one.
    await h.sql.query('CHECKPOINT');
    await h.sql.close();
    expect(filesHolding(dir, needles)).toEqual([]);
    expect(filesHolding(dir, [kept.clientEmail])).not.toEqual([]);
  });
});
