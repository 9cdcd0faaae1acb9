import {
  errorBodySchema,
  LINK_EMAIL_REQUIRED_MESSAGE,
  LINK_PHONE_REQUIRED_MESSAGE,
  messageBodySchema,
  parseIntegrationEvent,
  QUESTIONNAIRE_LINKS_TOPIC,
  type QuestionnaireLinkRequestedV1,
  verifiedLinkSchema,
} from '@risk-profile/contracts';
import type { BusMessage } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets, storedEventCount } from '@risk-profile/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_ADVISER } from '../demo/seed';
import { adviserServerSuite, DEMO_ENV, TEST_PUBLIC_URL } from '../testing/adviser-test-server';
import { LINKS_PER_ADVISER_PER_HOUR } from './link-requests';
import { LINK_RATE_LIMIT_MESSAGE, linkSentMessage } from './send-link.route';

const [ADMIN, ADVISER] = DEMO_ACCOUNTS;
const CLIENT = { clientName: 'Jane Citizen', clientEmail: 'jane@example.com', clientPhone: '0412 345 678' };

describeTargets(
  sqlTargets(),
  (target) => `POST /api/send-questionnaire-link on ${target.name}`,
  (target) => {
    const published: BusMessage[] = [];
    // A clock the test moves: the hourly limit is checked against it.
    let now = new Date('2026-11-22T10:30:00.000Z');
    let [adviserCookie, adminCookie] = ['', ''];
    const suite = adviserServerSuite(target, {
      clock: () => now,
      env: DEMO_ENV,
      collect: { topic: QUESTIONNAIRE_LINKS_TOPIC, into: published },
    });

    const signIn = async (path: string, email: string, password: string) =>
      (await suite.server.signIn(path, email, password)).cookie;
    const send = (body: unknown, cookie = adviserCookie) =>
      suite.server.post('/api/send-questionnaire-link', body, cookie ? { cookie } : {});

    beforeAll(async () => {
      adviserCookie = await signIn('/api/auth/login', ADVISER.email, ADVISER.password);
      adminCookie = await signIn('/api/admin/login', ADMIN.email, ADMIN.password);
    });

    it('answers 401 without a session and 403 for an administrator, storing nothing', async () => {
      const before = await storedEventCount(suite.sql);
      const anonymous = await send({ ...CLIENT, method: 'email' }, '');
      expect(anonymous.status).toBe(401);
      errorBodySchema.parse(await anonymous.json());
      const admin = await send({ ...CLIENT, method: 'email' }, adminCookie);
      expect(admin.status).toBe(403);
      errorBodySchema.parse(await admin.json());
      expect(await storedEventCount(suite.sql)).toBe(before);
    });

    it.each([
      ['no name', { ...CLIENT, clientName: '  ', method: 'email' }, "Please enter the client's name."],
      [
        'email without an address',
        { ...CLIENT, clientEmail: null, method: 'email' },
        LINK_EMAIL_REQUIRED_MESSAGE,
      ],
      ['SMS without a mobile', { ...CLIENT, clientPhone: '', method: 'sms' }, LINK_PHONE_REQUIRED_MESSAGE],
      ['an unknown method', { ...CLIENT, method: 'fax' }, undefined],
      ['a bad email', { ...CLIENT, clientEmail: 'not-an-email', method: 'email' }, undefined],
    ])('answers 400 for %s and stores nothing', async (_, body, message) => {
      const before = await storedEventCount(suite.sql);
      const res = await send(body);
      expect(res.status).toBe(400);
      const error = errorBodySchema.parse(await res.json());
      if (message) expect(JSON.stringify(error)).toContain(message);
      expect(await storedEventCount(suite.sql)).toBe(before);
    });

    it('records the request and publishes a link to the adviser page that pre-fills the client', async () => {
      const res = await send({ ...CLIENT, method: 'email' });
      expect(res.status).toBe(200);
      expect(messageBodySchema.parse(await res.json())).toEqual({
        message: linkSentMessage('email', CLIENT.clientEmail),
      });
      const message = await eventually(async () => {
        const found = published.find(
          (m) => (m.value as QuestionnaireLinkRequestedV1).data.clientEmail === CLIENT.clientEmail,
        );
        if (!found) throw new Error('not published yet');
        return found;
      });
      const event = parseIntegrationEvent(QUESTIONNAIRE_LINKS_TOPIC, message.value);
      expect(event.type).toBe('QuestionnaireLinkRequested');
      expect(message.key).toBe(event.data.linkId);
      expect(event.data).toMatchObject({
        adviserSlug: DEMO_ADVISER.slug,
        adviserName: DEMO_ADVISER.adviserName,
        companyName: DEMO_ADVISER.companyName,
        adviserEmail: DEMO_ADVISER.email,
        clientName: CLIENT.clientName,
        clientPhone: CLIENT.clientPhone,
        method: 'email',
      });
      const url = new URL(event.data.url);
      expect(`${url.origin}${url.pathname}`).toBe(`${TEST_PUBLIC_URL}/${DEMO_ADVISER.slug}`);
      const verified = await suite.server.post('/api/questionnaire-links/verify', {
        token: url.searchParams.get('token'),
      });
      expect(verified.status).toBe(200);
      expect(verifiedLinkSchema.parse(await verified.json())).toMatchObject({
        name: CLIENT.clientName,
        email: CLIENT.clientEmail,
        phone: CLIENT.clientPhone,
        adviserSlug: DEMO_ADVISER.slug,
        linkId: event.data.linkId,
        expiresAt: '2026-12-06T10:30:00.000Z',
      });
    });

    it('names the mobile number when the link goes by SMS', async () => {
      const res = await send({ ...CLIENT, clientEmail: null, method: 'sms' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: linkSentMessage('sms', CLIENT.clientPhone) });
    });

    it(`allows ${LINKS_PER_ADVISER_PER_HOUR} links an hour, even when they race, and refuses the next with 429`, async () => {
      // Ten the evening before, inside the hour; the window reaches into the previous day.
      now = new Date('2026-11-22T23:50:00.000Z');
      for (let i = 0; i < 10; i++) expect((await send({ ...CLIENT, method: 'email' })).status).toBe(200);
      now = new Date('2026-11-23T00:20:00.000Z');
      const racing = await Promise.all(Array.from({ length: 25 }, () => send({ ...CLIENT, method: 'sms' })));
      const statuses = racing.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(LINKS_PER_ADVISER_PER_HOUR - 10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      // Each accepted SMS link has its short code; the refused ones leave none behind.
      const { rows } = await suite.sql.query(
        'SELECT code FROM questionnaire_short_links WHERE created_at = $1',
        [now.toISOString()],
      );
      expect(rows).toHaveLength(LINKS_PER_ADVISER_PER_HOUR - 10);
      const refused = racing.find((r) => r.status === 429)!;
      expect(await refused.json()).toMatchObject({ error: LINK_RATE_LIMIT_MESSAGE });
      // The ten of 23:50 leave the window at 00:50.
      expect(Number(refused.headers.get('retry-after'))).toBe(30 * 60);
      // Once they have, ten more fit in the window.
      now = new Date('2026-11-23T00:50:01.000Z');
      for (let i = 0; i < 10; i++) expect((await send({ ...CLIENT, method: 'email' })).status).toBe(200);
      expect((await send({ ...CLIENT, method: 'email' })).status).toBe(429);
    });
  },
);
