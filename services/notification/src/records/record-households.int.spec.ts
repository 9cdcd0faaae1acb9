import { randomUUID } from 'node:crypto';
import {
  type AccessLogEntry,
  type AssessmentErasedV1,
  assessmentErasedV1,
  type HouseholdCreatedV1,
  householdCreatedV1,
  type IntegrationEvent,
  type RecordList,
} from '@risk-profile/contracts';
import { appendAccess, type SqlClient } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, draftedOf, envelopeOf, signedAssessment } from '../testing/fixtures';
import { householdConfirmed, householdMember } from '../testing/household-fixtures';
import {
  type NotificationUnderTest,
  type NotificationWithServers,
  startWithTestServers,
} from '../testing/notification-under-test';
import { anonymousHouseholdName } from './household-links';

interface Member {
  name: string;
  linkId: string;
  assessmentId: string;
}

const member = (name: string): Member => ({ name, linkId: randomUUID(), assessmentId: randomUUID() });

const householdCreated = (
  householdId: string,
  name: string,
  members: readonly Member[],
): HouseholdCreatedV1 =>
  householdCreatedV1.parse({
    ...envelopeOf('HouseholdCreated', 'req-household', '2026-11-22T03:00:00.000Z'),
    data: {
      householdId,
      adviserSlug: ADVISER.slug,
      name,
      members: members.map((m) => ({
        memberId: randomUUID(),
        name: m.name,
        email: `${m.linkId}@example.com`,
        phone: null,
        linkId: m.linkId,
        inPerson: false,
      })),
      createdAt: '2026-11-22T03:00:00.000Z',
    },
  });

const erased = (m: Member): AssessmentErasedV1 =>
  assessmentErasedV1.parse({
    ...envelopeOf('AssessmentErased', 'req-erase'),
    data: {
      assessmentId: m.assessmentId,
      reason: 'request',
      linkId: m.linkId,
      adviserSlug: ADVISER.slug,
      erasedAt: new Date().toISOString(),
    },
  });

describeTargets(
  sqlTargets(),
  (target) => `households in the records on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let servers: NotificationWithServers;
    let service: NotificationUnderTest;
    let adviser: string;
    let other: string;
    let admin: string;

    const publish = (event: IntegrationEvent) => service.publish(event);
    const get = (path: string, cookie: string) => fetch(`${service.url}${path}`, { headers: { cookie } });
    const json = async <T>(path: string, cookie: string): Promise<T> => {
      const res = await get(path, cookie);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
      return (await res.json()) as T;
    };
    /** A member's assessment, signed from their link, in the read model. */
    async function signedMember(m: Member, clientEmail?: string) {
      const signed = signedAssessment({
        assessmentId: m.assessmentId,
        clientName: m.name,
        linkId: m.linkId,
        ...(clientEmail ? { clientEmail } : {}),
      });
      await publish(draftedOf(signed));
      await publish(signed);
    }
    /** The household of each of these assessments as the admin's list shows it, once all are there. */
    const householdsOf = (ids: readonly string[]) =>
      eventually(async () => {
        const list = await json<RecordList>('/api/admin/assessments?limit=100', admin);
        const found = ids.map((id) => list.items.find((item) => item.id === id));
        if (found.some((item) => item === undefined)) throw new Error('not projected yet');
        return found.map((item) => item!.household);
      });
    const storedNames = async (householdId: string) =>
      (
        await sql.query<{ household_name: string }>(
          'SELECT DISTINCT household_name FROM records_household_links WHERE household_id = $1',
          [householdId],
        )
      ).rows.map((row) => row.household_name);

    const smiths = randomUUID();
    const [ann, bob] = [member('Ann Smith'), member('Bob Smith')];
    const loner = member('Cat Loner');

    beforeAll(async () => {
      sql = await target.open();
      servers = await startWithTestServers(sql, { sender: { retryDelaysMs: [200], pollIntervalMs: 50 } });
      ({ service } = servers);
      adviser = await service.signIn('adviser', ADVISER.slug, ADVISER.email);
      other = await service.signIn('adviser', 'other-adviser', 'other@example.com');
      admin = await service.signIn('admin', null, 'admin@example.com');
      await publish(householdCreated(smiths, 'The Smiths', [ann, bob]));
      for (const m of [ann, bob, loner]) await signedMember(m);
      await householdsOf([ann.assessmentId, bob.assessmentId, loner.assessmentId]);
    });
    afterAll(async () => {
      await servers?.stop();
      await sql?.close();
    });

    describe('the lists', () => {
      it("name a member's household, and none for an assessment outside one", async () => {
        const expected = { id: smiths, name: 'The Smiths' };
        expect(await householdsOf([ann.assessmentId, bob.assessmentId, loner.assessmentId])).toEqual([
          expected,
          expected,
          null,
        ]);
        const mine = await json<RecordList>('/api/adviser/assessments?limit=100', adviser);
        expect(mine.items.find((item) => item.id === ann.assessmentId)?.household).toEqual(expected);
      });

      it('filter by household, for its adviser and the admin, and show another adviser nothing', async () => {
        const ids = (list: RecordList) => list.items.map((item) => item.id).sort();
        const members = [ann.assessmentId, bob.assessmentId].sort();
        expect(ids(await json<RecordList>(`/api/adviser/assessments?household=${smiths}`, adviser))).toEqual(
          members,
        );
        expect(ids(await json<RecordList>(`/api/admin/assessments?household=${smiths}`, admin))).toEqual(
          members,
        );
        expect((await json<RecordList>(`/api/adviser/assessments?household=${smiths}`, other)).items).toEqual(
          [],
        );
        const bad = await get('/api/adviser/assessments?household=not-a-household', adviser);
        expect(bad.status).toBe(400);
        expect(((await bad.json()) as { error: string }).error).toBe('household must be a household id.');
      });
    });

    describe('the CSV export', () => {
      it('has a Household column, spreadsheet-safe, and logs the filter by id', async () => {
        const formula = randomUUID();
        const dee = member('Dee Formula');
        await publish(householdCreated(formula, '=HYPERLINK("http://evil.example","x")', [dee]));
        await signedMember(dee);
        await householdsOf([dee.assessmentId]);
        const res = await get(`/api/admin/assessments.csv?household=${formula}`, admin);
        expect(res.status).toBe(200);
        const lines = (await res.text())
          .replace(/^\uFEFF/, '')
          .split('\r\n')
          .filter(Boolean);
        expect(lines[0]).toBe(
          'Assessment id,Adviser,Client name,Client email,Client mobile,Household,Status,Risk score,Risk group,' +
            'Recommended profile,Chosen profile,Started,Signed,Review due,Report delivery,Questionnaire version',
        );
        expect(lines).toHaveLength(2);
        expect(lines[1]).toContain(
          `,Dee Formula,jane@example.com,0412 345 678,"'=HYPERLINK(""http://evil.example"",""x"")",`,
        );
        const log = await json<{ items: AccessLogEntry[] }>('/api/admin/access-log?action=export', admin);
        expect(log.items[0]?.detail).toBe(`every adviser, household ${formula}`);
      });
    });

    describe('the access log', () => {
      it("shows a household view another service appended, under the member's assessment", async () => {
        await appendAccess(sql, {
          at: new Date('2026-11-23T00:00:00.000Z'),
          actorEmail: ADVISER.email,
          actorRole: 'adviser',
          action: 'household-view',
          assessmentId: ann.assessmentId,
          ipAddress: '203.0.113.5',
          detail: `household ${smiths}`,
        });
        const log = await json<{ items: AccessLogEntry[] }>(
          `/api/admin/access-log?action=household-view&assessment=${ann.assessmentId}`,
          admin,
        );
        expect(log.items).toEqual([
          expect.objectContaining({
            actorEmail: ADVISER.email,
            action: 'household-view',
            assessmentId: ann.assessmentId,
            detail: `household ${smiths}`,
          }),
        ]);
      });
    });

    describe("a member's data export", () => {
      it('holds their household, the agreed profile and their own confirmation, and nothing of the other member', async () => {
        const householdId = randomUUID();
        const [gus, hal] = [member('Gus Export'), member('Hal Export')];
        const emailOf = (m: Member) => `${m.linkId}@example.com`;
        await publish(householdCreated(householdId, 'The Exports', [gus, hal]));
        for (const m of [gus, hal]) await signedMember(m, emailOf(m));
        await householdsOf([gus.assessmentId, hal.assessmentId]);
        const confirmed = householdConfirmed(
          householdId,
          [gus, hal].map((m) => ({ ...householdMember(m.name, emailOf(m)), assessmentId: m.assessmentId })),
          'The Exports',
        );
        // The adviser's reason names the other member: the export says "another member" instead.
        confirmed.data.agreed.reason = 'Hal Export wants the cautious side; Gus agrees.';
        await publish(confirmed);
        await eventually(async () => {
          const { rows } = await sql.query('SELECT 1 FROM records_households WHERE household_id = $1', [
            householdId,
          ]);
          expect(rows).toHaveLength(1);
        });

        const res = await get(
          `/api/admin/data-requests/export.zip?email=${encodeURIComponent(emailOf(gus))}`,
          admin,
        );
        expect(res.status).toBe(200);
        const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
        expect(strFromU8(files['README.txt']!)).toContain('households.json');
        const text = strFromU8(files['households.json']!);
        const gusConfirmation = confirmed.data.members.find((m) => m.assessmentId === gus.assessmentId)!;
        expect(JSON.parse(text)).toEqual([
          {
            householdId,
            name: 'The Exports',
            assessmentId: gus.assessmentId,
            agreed: {
              profile: 'Moderately Conservative',
              reason: 'another member wants the cautious side; Gus agrees.',
              basis: 'average',
              flagged: false,
              agreedBy: ADVISER.email,
              agreedAt: confirmed.data.agreed.agreedAt,
            },
            householdConfirmedAt: confirmed.data.confirmedAt,
            yourConfirmation: { signatureName: 'Gus Export', confirmedAt: gusConfirmation.confirmedAt },
          },
        ]);
        expect(text).not.toContain('Hal Export');
        expect(text).not.toContain(emailOf(hal));

        // Another client's export does not name this household.
        const alone = await get('/api/admin/data-requests/export.zip?email=jane%40example.com', admin);
        const aloneFiles = unzipSync(new Uint8Array(await alone.arrayBuffer()));
        expect(JSON.parse(strFromU8(aloneFiles['households.json']!))).toEqual(
          expect.not.arrayContaining([expect.objectContaining({ householdId })]),
        );
      });
    });

    describe('erasure', () => {
      it("replaces the household's name for every member once one is erased, and a late or repeated HouseholdCreated keeps it out", async () => {
        await publish(erased(bob));
        const anonymous = { id: smiths, name: anonymousHouseholdName(smiths) };
        await eventually(async () => expect(await householdsOf([ann.assessmentId])).toEqual([anonymous]));
        expect(await storedNames(smiths)).toEqual([anonymousHouseholdName(smiths)]);
        // Published again after the erasure: once consumed, the name is still not stored.
        const again = householdCreated(smiths, 'The Smiths', [ann, bob]);
        await publish(again);
        await eventually(async () => {
          const { rows } = await sql.query(
            "SELECT 1 FROM consumer_processed WHERE consumer = 'records' AND message_id = $1",
            [again.id],
          );
          expect(rows).toHaveLength(1);
        });
        expect(await storedNames(smiths)).toEqual([anonymousHouseholdName(smiths)]);

        // A household whose member was erased before its HouseholdCreated arrived (another topic).
        const jones = randomUUID();
        const [eve, fay] = [member('Eve Jones'), member('Fay Jones')];
        await signedMember(eve);
        await signedMember(fay);
        await publish(erased(eve));
        await eventually(async () => {
          const { rows } = await sql.query('SELECT 1 FROM records_erased_links WHERE link_id = $1', [
            eve.linkId,
          ]);
          expect(rows).toHaveLength(1);
        });
        await publish(householdCreated(jones, 'The Joneses', [eve, fay]));
        await eventually(async () =>
          expect(await householdsOf([fay.assessmentId])).toEqual([
            { id: jones, name: anonymousHouseholdName(jones) },
          ]),
        );
        expect(await storedNames(jones)).toEqual([anonymousHouseholdName(jones)]);
        expect(await storedNames(smiths)).toEqual([anonymousHouseholdName(smiths)]);
      });
    });
  },
);
