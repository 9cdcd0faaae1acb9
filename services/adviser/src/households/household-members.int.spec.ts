import { randomUUID } from 'node:crypto';
import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  assessmentProcessingRestrictedV1,
  createdHouseholdSchema,
  errorBodySchema,
  HOUSEHOLD_CONTACT_REQUIRED_MESSAGE,
  HOUSEHOLD_MEMBER_COUNT_MESSAGE,
  integrationEventKey,
} from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import { describeTargets, sqlTargets, storedEventCount } from '@risk-profile/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../demo/seed';
import { adviserServerSuite, DEMO_ENV } from '../testing/adviser-test-server';
import * as steps from '../testing/household-steps';

const [ADMIN, ADVISER] = DEMO_ACCOUNTS;
const HOUSEHOLDS = '/api/adviser/households';
const PAIR = [
  { clientName: 'Kim Park', clientEmail: 'kim@example.com' },
  { clientName: 'Lou Park', clientPhone: '0412 111 222' },
];

describeTargets(
  sqlTargets(),
  (target) => `household members on ${target.name}`,
  (target) => {
    const now = new Date('2026-11-22T10:30:00.000Z');
    let [adviser, admin] = ['', ''];
    const suite = adviserServerSuite(target, { clock: () => now, env: DEMO_ENV });
    const create = async (name: string) => {
      const res = await suite.server.call('POST', HOUSEHOLDS, {
        cookie: adviser,
        body: { name, members: PAIR },
      });
      expect(res.status).toBe(201);
      return createdHouseholdSchema.parse(await res.json());
    };
    const member = (linkId: string, name: string, score: 2 | 3 | 4 = 3): steps.MemberAssessment => ({
      assessmentId: randomUUID(),
      linkId,
      name,
      responses: uniformResponses(score),
      at: now,
    });
    const stored = async () => ({
      events: await storedEventCount(suite.sql),
      households: (await suite.sql.query('SELECT 1 FROM households')).rows.length,
    });

    beforeAll(async () => {
      adviser = (await suite.server.signIn('/api/auth/login', ADVISER.email, ADVISER.password)).cookie;
      admin = (await suite.server.signIn('/api/admin/login', ADMIN.email, ADMIN.password)).cookie;
    });

    it.each([
      ['one member', { name: 'Solo', members: [PAIR[0]] }, HOUSEHOLD_MEMBER_COUNT_MESSAGE],
      ['seven members', { name: 'Crowd', members: Array(7).fill(PAIR[0]) }, HOUSEHOLD_MEMBER_COUNT_MESSAGE],
      [
        'a member without a contact',
        { name: 'Parks', members: [PAIR[0], { clientName: 'Lou Park' }] },
        HOUSEHOLD_CONTACT_REQUIRED_MESSAGE,
      ],
      ['no name', { name: ' ', members: PAIR }, undefined],
      ['no members', { name: 'Parks' }, undefined],
    ])('answers 400 for %s and stores nothing', async (_, body, message) => {
      const before = await stored();
      const res = await suite.server.call('POST', HOUSEHOLDS, { cookie: adviser, body });
      expect(res.status).toBe(400);
      const error = errorBodySchema.parse(await res.json());
      if (message) expect(error.error).toBe(message);
      expect(await stored()).toEqual(before);
    });

    it('answers 401 without a session and 403 for an administrator, storing nothing', async () => {
      const before = await stored();
      const body = { name: 'Parks', members: PAIR };
      expect((await suite.server.call('POST', HOUSEHOLDS, { body })).status).toBe(401);
      expect((await suite.server.call('POST', HOUSEHOLDS, { cookie: admin, body })).status).toBe(403);
      expect((await suite.server.call('GET', HOUSEHOLDS, { cookie: admin })).status).toBe(403);
      expect(await stored()).toEqual(before);
    });

    it("counts a member's assessment only for the household their link was made for", async () => {
      const first = await create('First Parks');
      const second = await create('Second Parks');
      // A signature from the second household's link, and one from a link of no household.
      await steps.publishLifecycle(
        suite.server.bus,
        steps.signedEvent(member(second.members[0]!.linkId, 'Kim Park')),
        steps.signedEvent(member(randomUUID(), 'Nobody')),
      );
      await steps.viewWhen(suite.server, adviser, second.id, (v) => v.members[0]!.status === 'signed');
      const untouched = await steps.viewWhen(suite.server, adviser, first.id, () => true);
      expect(untouched.members.map((m) => m.status)).toEqual(['link_sent', 'link_sent']);
      const { rows } = await suite.sql.query(`SELECT 1 FROM household_members WHERE status <> 'link_sent'`);
      expect(rows).toHaveLength(1);
    });

    it('takes the newest signature of a member who signs again', async () => {
      const household = await create('Resigning Parks');
      const older = member(household.members[0]!.linkId, 'Kim Park', 2);
      const newer = {
        ...member(household.members[0]!.linkId, 'Kim Park', 4),
        at: new Date(now.getTime() + 60_000),
      };
      // The newer signature arrives first; the older one, late, changes nothing.
      await steps.publishLifecycle(suite.server.bus, steps.signedEvent(newer));
      await steps.viewWhen(
        suite.server,
        adviser,
        household.id,
        (v) => v.members[0]!.assessmentId === newer.assessmentId,
      );
      await steps.publishLifecycle(
        suite.server.bus,
        steps.signedEvent(older),
        steps.signedEvent(member(household.members[1]!.linkId, 'Lou Park')),
      );
      const view = await steps.viewWhen(
        suite.server,
        adviser,
        household.id,
        (v) => v.status === 'ready_to_agree',
      );
      expect(view.members[0]!.assessmentId).toBe(newer.assessmentId);
    });

    it('erases one member and keeps the other; a restricted member shows no results', async () => {
      const household = await create('Erased Parks');
      const kim = member(household.members[0]!.linkId, 'Kim Park');
      const lou = member(household.members[1]!.linkId, 'Lou Park', 4);
      await steps.publishLifecycle(suite.server.bus, steps.signedEvent(kim), steps.signedEvent(lou));
      await steps.viewWhen(suite.server, adviser, household.id, (v) => v.status === 'ready_to_agree');

      const view = await steps.eraseFirstMember(suite.server, adviser, household.id, kim, now);
      expect(view.members[0]).toMatchObject({
        name: null,
        email: null,
        phone: null,
        profile: null,
        riskScore: null,
      });
      expect(view.members[1]).toMatchObject({ name: 'Lou Park', status: 'signed' });
      expect(view.members[1]!.riskScore).not.toBeNull();
      // One signed member is no comparison: the household waits, and cannot be agreed.
      expect(view).toMatchObject({ status: 'awaiting_members', differences: [], flags: [], options: null });
      const agree = await suite.server.call('POST', `${HOUSEHOLDS}/${household.id}/agreed-profile`, {
        cookie: adviser,
        body: { profile: 'Balanced', reason: 'Only Lou is left.' },
      });
      expect(agree.status).toBe(409);
      const { rows } = await suite.sql.query(
        'SELECT name, email, phone, responses FROM household_members WHERE member_id = $1',
        [household.members[0]!.memberId],
      );
      expect(rows).toEqual([{ name: null, email: null, phone: null, responses: null }]);

      const restriction = assessmentProcessingRestrictedV1.parse({
        id: randomUUID(),
        type: 'AssessmentProcessingRestricted',
        version: 1,
        occurredAt: now.toISOString(),
        correlationId: 'test-restrict',
        causationId: null,
        data: {
          assessmentId: lou.assessmentId,
          restrictedAt: now.toISOString(),
          retainedUntil: '2033-11-22T10:30:00.000Z',
        },
      });
      await suite.server.bus.publish(ASSESSMENT_LIFECYCLE_TOPIC, [
        { id: restriction.id, key: integrationEventKey(restriction), value: restriction },
      ]);
      const restricted = await steps.viewWhen(
        suite.server,
        adviser,
        household.id,
        (v) => v.members[1]!.status === 'restricted',
      );
      expect(restricted.members[1]).toMatchObject({ name: 'Lou Park', profile: null, riskScore: null });
    });
  },
);
