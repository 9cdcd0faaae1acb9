import { randomUUID } from 'node:crypto';
import {
  createdHouseholdSchema,
  HOUSEHOLDS_TOPIC,
  type HouseholdProfileAgreedV1,
  householdViewSchema,
  parseIntegrationEvent,
} from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import type { BusMessage } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../demo/seed';
import { adviserServerSuite, DEMO_ENV, TEST_HOUSEHOLD_ENCRYPTION_KEY } from '../testing/adviser-test-server';
import * as steps from '../testing/household-steps';
import { householdStreamId } from './household.events';
import { openHouseholdDataProtection } from './household-data-protection';
import { ERASED } from './household-personal-data';

const [, ADVISER] = DEMO_ACCOUNTS;
const HOUSEHOLDS = '/api/adviser/households';
const KIM = {
  clientName: 'Kim Erasable',
  clientEmail: 'kim.erasable@example.com',
  clientPhone: '0499 000 111',
};
const LOU = { clientName: 'Lou Keeper', clientEmail: 'lou.keeper@example.com', clientPhone: null };
const MAX = { clientName: 'Max Keeper', clientEmail: null, clientPhone: '0499 000 222' };
const KIMS_DATA = [KIM.clientName, KIM.clientEmail, KIM.clientPhone];

describeTargets(
  sqlTargets(),
  (target) => `erasing one household member from the household's events on ${target.name}`,
  (target) => {
    const published: BusMessage[] = [];
    const now = new Date('2026-11-22T10:30:00.000Z');
    let adviser = '';
    const suite = adviserServerSuite(target, {
      clock: () => now,
      env: DEMO_ENV,
      collect: { topic: HOUSEHOLDS_TOPIC, into: published },
    });
    const call = (method: string, path: string, body?: unknown) =>
      suite.server.call(method, path, { cookie: adviser, ...(body === undefined ? {} : { body }) });
    const agreements = (count: number) =>
      eventually(async () => {
        const found = published
          .map((m) => parseIntegrationEvent(HOUSEHOLDS_TOPIC, m.value))
          .filter((e): e is HouseholdProfileAgreedV1 => e.type === 'HouseholdProfileAgreed');
        if (found.length < count) throw new Error('not published yet');
        return found;
      });
    /** The stored household's events and the bus log's households messages, as raw text. */
    const rawText = async (householdId: string) => {
      const events = await suite.sql.query<{ data: string }>(
        'SELECT data::text AS data FROM es_events WHERE stream_id = $1',
        [householdStreamId(householdId)],
      );
      const bus = await suite.sql.query<{ records: string }>(
        'SELECT records FROM bus_batches WHERE topic = $1',
        [HOUSEHOLDS_TOPIC],
      );
      return {
        events: events.rows.map((row) => row.data).join('\n'),
        bus: bus.rows.map((row) => row.records).join('\n'),
      };
    };

    beforeAll(async () => {
      adviser = (await suite.server.signIn('/api/auth/login', ADVISER.email, ADVISER.password)).cookie;
    });

    it("leaves none of the erased member's data in the stored events or the bus log, and the others agree", async () => {
      const res = await call('POST', HOUSEHOLDS, {
        name: 'Kim Erasable and the Keepers',
        members: [KIM, LOU, MAX],
      });
      expect(res.status).toBe(201);
      const created = createdHouseholdSchema.parse(await res.json());
      const [kimIds, louIds, maxIds] = created.members;
      const member = (linkId: string, name: string, score: 3 | 5): steps.MemberAssessment => ({
        assessmentId: randomUUID(),
        linkId,
        name,
        responses: uniformResponses(score),
        at: now,
      });
      const kim = member(kimIds!.linkId, KIM.clientName, 5);
      await steps.publishLifecycle(
        suite.server.bus,
        steps.signedEvent(kim),
        steps.signedEvent(member(louIds!.linkId, LOU.clientName, 3)),
        steps.signedEvent(member(maxIds!.linkId, MAX.clientName, 3)),
      );
      await steps.viewWhen(suite.server, adviser, created.id, (v) => v.status === 'ready_to_agree');
      // The adviser's reason and the flags quote Kim by name.
      const first = await call('POST', `${HOUSEHOLDS}/${created.id}/agreed-profile`, {
        profile: 'Balanced',
        reason: `The lowest, though ${KIM.clientName} would take more risk.`,
      });
      expect(first.status).toBe(200);
      const [kimConfirm] = (await agreements(1))[0]!.data.members;
      expect(kimConfirm!.name).toBe(KIM.clientName);
      // Sealed at rest from the start: no member's name or contact is in the stored events.
      const before = await rawText(created.id);
      for (const text of [...KIMS_DATA, LOU.clientName, LOU.clientEmail])
        expect(before.events).not.toContain(text);
      expect(before.bus).toContain(KIM.clientEmail);

      const erased = await steps.eraseFirstMember(suite.server, adviser, created.id, kim, now);
      expect(erased.members[0]).toMatchObject({ name: null, email: null, phone: null });
      // The household's name quoted Kim: it no longer does, so a later agreement cannot copy it.
      expect(erased.name).toBe('[erased member] and the Keepers');
      expect(erased.members.slice(1).map((m) => [m.name, m.status])).toEqual([
        [LOU.clientName, 'signed'],
        [MAX.clientName, 'signed'],
      ]);
      const after = await eventually(async () => {
        const text = await rawText(created.id);
        for (const value of KIMS_DATA) expect(text.bus).not.toContain(value);
        return text;
      });
      for (const value of KIMS_DATA) expect(after.events).not.toContain(value);
      // The control: the same scan finds the members who were not erased.
      expect(after.bus).toContain(LOU.clientName);
      expect(after.bus).toContain(MAX.clientPhone);
      const keys = await suite.sql.query<{ member_id: string }>(
        'SELECT member_id::text FROM household_member_keys',
      );
      expect(keys.rows.map((row) => row.member_id).sort()).toEqual(
        [created.members[1]!.memberId, created.members[2]!.memberId].sort(),
      );
      // Read through the service's store, the household's events name Kim as erased, the others as they were.
      const { store } = openHouseholdDataProtection(
        suite.sql,
        suite.server.store,
        TEST_HOUSEHOLD_ENCRYPTION_KEY,
      );
      const [createdEvent, agreedEvent] = await store.readStream(householdStreamId(created.id));
      expect((createdEvent!.data as { members: unknown[] }).members).toMatchObject([
        { name: ERASED, email: null, phone: null },
        { name: LOU.clientName, email: LOU.clientEmail },
        { name: MAX.clientName, phone: MAX.clientPhone },
      ]);
      expect((agreedEvent!.data as HouseholdProfileAgreedV1['data']).agreed).toMatchObject({
        profile: 'Balanced',
        reason: 'The lowest, though [erased member] would take more risk.',
      });

      // Kim's confirmation link is gone with Kim; the two left agree again and confirm.
      const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
      const kimsLink = await suite.server.call(
        'GET',
        `/api/household-confirmations?token=${tokenOf(kimConfirm!.confirmUrl)}`,
      );
      expect(kimsLink.status).toBe(404);
      const again = await call('POST', `${HOUSEHOLDS}/${created.id}/agreed-profile`, {
        profile: 'Balanced',
        reason: 'The lower of the two left.',
      });
      expect(again.status).toBe(200);
      const second = (await agreements(2))[1]!;
      expect(second.data.members.map((m) => m.name)).toEqual([LOU.clientName, MAX.clientName]);
      for (const m of second.data.members) {
        const confirmed = await suite.server.post('/api/household-confirmations', {
          token: tokenOf(m.confirmUrl),
          signatureName: m.name,
        });
        expect(confirmed.status).toBe(200);
      }
      const final = householdViewSchema.parse(
        await (await call('GET', `${HOUSEHOLDS}/${created.id}`)).json(),
      );
      expect(final).toMatchObject({ status: 'confirmed', agreed: { reason: 'The lower of the two left.' } });
      expect(final.members.slice(1).every((m) => m.confirmedAt !== null)).toBe(true);
      const last = await rawText(created.id);
      for (const value of KIMS_DATA) {
        expect(last.events).not.toContain(value);
        expect(last.bus).not.toContain(value);
      }
    });
  },
);
