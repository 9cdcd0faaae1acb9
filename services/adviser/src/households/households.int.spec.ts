import { randomUUID } from 'node:crypto';
import {
  createdHouseholdSchema,
  errorBodySchema,
  HOUSEHOLDS_TOPIC,
  householdConfirmationSchema,
  householdListSchema,
  householdViewSchema,
  parseIntegrationEvent,
  QUESTIONNAIRE_LINKS_TOPIC,
  verifiedLinkSchema,
} from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import type { BusMessage } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_ADVISER } from '../demo/seed';
import { adviserServerSuite, DEMO_ENV, TEST_PUBLIC_URL } from '../testing/adviser-test-server';
import * as steps from '../testing/household-steps';
import { NOT_ALL_SIGNED_MESSAGE } from './household-http';

const [ADMIN, ADVISER] = DEMO_ACCOUNTS;
const OTHER_EMAIL = 'other-adviser@example.com';
const HOUSEHOLDS = '/api/adviser/households';

describeTargets(
  sqlTargets(),
  (target) => `a household of two, from links to the confirmed record, on ${target.name}`,
  (target) => {
    const households: BusMessage[] = [];
    const links: BusMessage[] = [];
    let now = new Date('2026-11-22T10:30:00.000Z');
    let [adviser, other, admin] = ['', '', ''];
    const suite = adviserServerSuite(target, {
      clock: () => now,
      env: DEMO_ENV,
      collect: { topic: HOUSEHOLDS_TOPIC, into: households },
    });
    const call = (method: string, path: string, cookie: string, body?: unknown) =>
      suite.server.call(method, path, { cookie, ...(body === undefined ? {} : { body }) });

    beforeAll(async () => {
      await suite.server.bus.subscribe({
        groupId: 'households-test-links',
        topics: [QUESTIONNAIRE_LINKS_TOPIC],
        handler: async (message) => void links.push(message),
      });
      other = await steps.signInOtherAdviser(suite, () => now, {
        email: OTHER_EMAIL,
        name: 'Olive Other',
        slug: 'olive-other',
      });
      adviser = (await suite.server.signIn('/api/auth/login', ADVISER.email, ADVISER.password)).cookie;
      admin = (await suite.server.signIn('/api/admin/login', ADMIN.email, ADMIN.password)).cookie;
    });

    it('sends, agrees after both sign, and records both confirmations once', async () => {
      // Alex gets an email; Sam sits with the adviser, so Sam's link is answered, not sent.
      const res = await call('POST', HOUSEHOLDS, adviser, {
        name: 'The Lees',
        members: [
          { clientName: 'Alex Lee', clientEmail: 'alex@example.com', clientPhone: null },
          { clientName: 'Sam Lee', clientEmail: null, clientPhone: '0412 345 678', inPerson: true },
        ],
      });
      expect(res.status).toBe(201);
      const created = createdHouseholdSchema.parse(await res.json());
      const [alexIds, samIds] = created.members as [
        (typeof created.members)[number],
        (typeof created.members)[number],
      ];
      expect(alexIds.url).toBeUndefined();
      expect(new URL(samIds.url!).origin).toBe(TEST_PUBLIC_URL);
      // The adviser opens Sam's link as Sam would: it names Sam and Sam's link.
      const verified = await suite.server.post('/api/questionnaire-links/verify', {
        token: new URL(samIds.url!).searchParams.get('token'),
      });
      expect(verifiedLinkSchema.parse(await verified.json())).toMatchObject({
        name: 'Sam Lee',
        adviserSlug: DEMO_ADVISER.slug,
        linkId: samIds.linkId,
      });

      // The household is published, keyed by its id; Alex's link is published and Sam's is not.
      const createdMessage = await eventually(async () => {
        const found = households.find((m) => m.key === created.id);
        if (!found) throw new Error('not published yet');
        return found;
      });
      const createdEvent = parseIntegrationEvent(HOUSEHOLDS_TOPIC, createdMessage.value);
      expect(createdEvent).toMatchObject({
        type: 'HouseholdCreated',
        data: { householdId: created.id, adviserSlug: DEMO_ADVISER.slug, name: 'The Lees' },
      });
      const alexLink = await eventually(async () => {
        const found = links.find((m) => m.key === alexIds.linkId);
        if (!found) throw new Error('not published yet');
        return parseIntegrationEvent(QUESTIONNAIRE_LINKS_TOPIC, found.value);
      });
      expect(alexLink.data).toMatchObject({ clientName: 'Alex Lee', method: 'email' });
      expect(links.find((m) => m.key === samIds.linkId)).toBeUndefined();

      // Until Sam starts, the household view carries Sam's link again (a reload never loses it),
      // a fresh token for the same link; Alex, who was sent one, has none there.
      const before = householdViewSchema.parse(
        await (await call('GET', `${HOUSEHOLDS}/${created.id}`, adviser)).json(),
      );
      const [alexView, samView] = before.members;
      expect(alexView?.inPersonUrl).toBeNull();
      const again = await suite.server.post('/api/questionnaire-links/verify', {
        token: new URL(samView!.inPersonUrl!).searchParams.get('token'),
      });
      expect(verifiedLinkSchema.parse(await again.json())).toMatchObject({
        name: 'Sam Lee',
        linkId: samIds.linkId,
      });

      const alex: steps.MemberAssessment = {
        assessmentId: randomUUID(),
        linkId: alexIds.linkId,
        name: 'Alex Lee',
        responses: uniformResponses(3),
        at: now,
      };
      const sam: steps.MemberAssessment = {
        assessmentId: randomUUID(),
        linkId: samIds.linkId,
        name: 'Sam Lee',
        responses: uniformResponses(5),
        at: now,
      };
      await steps.publishLifecycle(
        suite.server.bus,
        steps.draftedEvent(alex),
        steps.signedEvent(alex),
        steps.draftedEvent(sam),
      );
      const halfway = await steps.viewWhen(suite.server, adviser, created.id, (view) =>
        view.members.every((m) => m.status !== 'link_sent'),
      );
      expect(halfway.members.map((m) => m.status)).toEqual(['signed', 'in_progress']);
      expect(halfway).toMatchObject({
        status: 'awaiting_members',
        differences: [],
        flags: [],
        options: null,
      });

      // Before both have signed there is nothing to agree.
      const early = await call('POST', `${HOUSEHOLDS}/${created.id}/agreed-profile`, adviser, {
        profile: 'Balanced',
        reason: 'The lower of the two.',
      });
      expect(early.status).toBe(409);
      expect(errorBodySchema.parse(await early.json()).error).toBe(NOT_ALL_SIGNED_MESSAGE);

      await steps.publishLifecycle(suite.server.bus, steps.signedEvent(sam));
      const view = await steps.viewWhen(
        suite.server,
        adviser,
        created.id,
        (v) => v.status === 'ready_to_agree',
      );
      expect(view.members.map((m) => [m.name, m.status, m.profile, m.capacityForLoss])).toEqual([
        ['Alex Lee', 'signed', 'Balanced', 'moderate'],
        ['Sam Lee', 'signed', view.members[1]!.recommendedProfile, 'high'],
      ]);
      expect(view.differences).toHaveLength(5);
      expect(view.differences[0]).toMatchObject({ question: 1, spread: 2 });
      expect(view.differences[0]!.label).toBe('Attitude to investment risk');
      expect(view.differences[0]!.answers.map((a) => a.memberId)).toEqual([
        alexIds.memberId,
        samIds.memberId,
      ]);
      expect(view.flags.map((f) => f.id).sort()).toEqual(['capacity-below-profile', 'profiles-apart']);
      expect(view.options?.lowest).toBe('Balanced');

      // Another adviser is told nothing exists; an administrator is not an adviser.
      expect((await call('GET', `${HOUSEHOLDS}/${created.id}`, other)).status).toBe(404);
      expect((await call('GET', `${HOUSEHOLDS}/not-a-uuid`, adviser)).status).toBe(400);
      const theirs = await call('POST', `${HOUSEHOLDS}/${created.id}/agreed-profile`, other, {
        profile: 'Balanced',
        reason: 'Mine now.',
      });
      expect(theirs.status).toBe(404);
      expect((await call('GET', `${HOUSEHOLDS}/${created.id}`, admin)).status).toBe(403);
      const otherList = householdListSchema.parse(await (await call('GET', HOUSEHOLDS, other)).json());
      expect(otherList.households).toEqual([]);
      const list = householdListSchema.parse(await (await call('GET', HOUSEHOLDS, adviser)).json());
      expect(list.households[0]).toMatchObject({
        id: created.id,
        status: 'ready_to_agree',
        memberCount: 2,
        signedCount: 2,
        flagged: true,
      });

      // Another profile than the lowest or average needs the longer reason.
      const short = await call('POST', `${HOUSEHOLDS}/${created.id}/agreed-profile`, adviser, {
        profile: 'Secure',
        reason: 'Safer.',
      });
      expect(short.status).toBe(400);

      const agree = (reason: string) =>
        call('POST', `${HOUSEHOLDS}/${created.id}/agreed-profile`, adviser, { profile: 'Balanced', reason });
      const first = await agree('Joint money is invested at the lower of the two profiles.');
      expect(first.status).toBe(200);
      now = new Date(now.getTime() + 60_000);
      const second = await agree('The lower of the two, as Alex asked.');
      expect(householdViewSchema.parse(await second.json())).toMatchObject({
        status: 'awaiting_confirmations',
        agreed: { profile: 'Balanced', basis: 'lowest', flagged: false, agreedBy: DEMO_ADVISER.adviserName },
      });
      const agreements = await eventually(async () => {
        const found = households
          .map((m) => parseIntegrationEvent(HOUSEHOLDS_TOPIC, m.value))
          .filter((e) => e.type === 'HouseholdProfileAgreed');
        if (found.length < 2) throw new Error('not published yet');
        return found as Extract<(typeof found)[number], { type: 'HouseholdProfileAgreed' }>[];
      });
      const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
      const [oldAlex] = agreements[0]!.data.members;
      const [newAlex, newSam] = agreements[1]!.data.members;
      expect(new URL(newAlex!.confirmUrl).pathname).toBe('/household-confirm');
      expect(agreements[1]!.data).not.toHaveProperty('agreementId');

      // The first agreement's link is refused; the current one shows what is confirmed.
      const stale = await suite.server.call(
        'GET',
        `/api/household-confirmations?token=${tokenOf(oldAlex!.confirmUrl)}`,
      );
      expect(stale.status).toBe(404);
      const bad = await suite.server.call('GET', '/api/household-confirmations?token=not-a-token');
      expect(bad.status).toBe(400);
      const reading = await suite.server.call(
        'GET',
        `/api/household-confirmations?token=${tokenOf(newAlex!.confirmUrl)}`,
      );
      expect(householdConfirmationSchema.parse(await reading.json())).toMatchObject({
        householdName: 'The Lees',
        memberName: 'Alex Lee',
        ownProfile: 'Balanced',
        agreedProfile: 'Balanced',
        confirmedAt: null,
      });

      // Both confirm at once: neither is lost, and the household is confirmed once.
      const confirm = (url: string, signatureName: string) =>
        suite.server.post('/api/household-confirmations', { token: tokenOf(url), signatureName });
      const both = await Promise.all([
        confirm(newAlex!.confirmUrl, 'Alex Lee'),
        confirm(newSam!.confirmUrl, 'Sam Lee'),
      ]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect((await confirm(newAlex!.confirmUrl, 'Alex Lee')).status).toBe(409);
      expect((await agree('Changed our minds.')).status).toBe(409);
      const confirmed = await eventually(async () => {
        const found = households.filter((m) => (m.value as { type: string }).type === 'HouseholdConfirmed');
        if (found.length === 0) throw new Error('not published yet');
        return found;
      });
      const record = parseIntegrationEvent(HOUSEHOLDS_TOPIC, confirmed[0]!.value);
      expect(record.type === 'HouseholdConfirmed' && record.data.members.map((m) => m.signatureName)).toEqual(
        ['Alex Lee', 'Sam Lee'],
      );
      const final = await steps.viewWhen(suite.server, adviser, created.id, (v) => v.status === 'confirmed');
      expect(final.members.every((m) => m.confirmedAt !== null)).toBe(true);
      const listed = await eventually(async () => {
        const page = householdListSchema.parse(await (await call('GET', HOUSEHOLDS, adviser)).json());
        expect(page.households[0]?.status).toBe('confirmed');
        return page;
      });
      expect(listed.households).toHaveLength(1);
      expect(
        households.filter((m) => (m.value as { type: string }).type === 'HouseholdConfirmed'),
      ).toHaveLength(1);
    });
  },
);
