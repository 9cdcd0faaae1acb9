import { randomUUID } from 'node:crypto';
import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  assessmentErasedV1,
  errorBodySchema,
  integrationEventKey,
  MESSAGES,
  parseIntegrationEvent,
  QUESTIONNAIRE_LINKS_TOPIC,
  type QuestionnaireLinkRequestedV1,
  resolvedShortLinkSchema,
  verifiedLinkSchema,
} from '@risk-profile/contracts';
import type { BusMessage } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../demo/seed';
import { adviserServerSuite, DEMO_ENV } from '../testing/adviser-test-server';
import { SHORT_LINK_RATE_LIMIT_MESSAGE } from './resolve-link.route';
import { createShortLink, findShortLink } from './short-links';

const [, ADVISER] = DEMO_ACCOUNTS;
const RESOLVE = '/api/questionnaire-links/resolve';
const ISSUED = new Date('2026-11-22T10:30:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describeTargets(
  sqlTargets(),
  (target) => `short links of SMS invitations on ${target.name}`,
  (target) => {
    const published: BusMessage[] = [];
    let now = ISSUED;
    let cookie = '';
    const suite = adviserServerSuite(target, {
      clock: () => now,
      env: DEMO_ENV,
      collect: { topic: QUESTIONNAIRE_LINKS_TOPIC, into: published },
    });

    const sendLink = async (body: Record<string, unknown>) => {
      const res = await suite.server.post('/api/send-questionnaire-link', body, { cookie });
      expect(res.status).toBe(200);
      return eventually(async () => {
        const found = published
          .map(
            (m) => parseIntegrationEvent(QUESTIONNAIRE_LINKS_TOPIC, m.value) as QuestionnaireLinkRequestedV1,
          )
          .find((event) => event.data.clientName === body.clientName);
        if (!found) throw new Error('not published yet');
        return found;
      });
    };
    const resolve = async (body: unknown) => {
      const res = await suite.server.post(RESOLVE, body);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const codeOf = (shortUrl: string | undefined) => {
      const match = /^https:\/\/advice\.example\.com\/l\/([0-9A-Za-z]{10})$/.exec(shortUrl ?? '');
      expect(match, `short URL ${shortUrl}`).not.toBeNull();
      return match![1]!;
    };

    beforeAll(async () => {
      ({ cookie } = await suite.server.signIn('/api/auth/login', ADVISER.email, ADVISER.password));
    });

    it('gives an SMS link a short code that resolves to its signed token until the link expires', async () => {
      now = ISSUED;
      const event = await sendLink({ clientName: 'Sam Short', clientPhone: '0412 345 678', method: 'sms' });
      const code = codeOf(event.data.shortUrl);
      const stored = await findShortLink(suite.sql, code, now);
      expect(stored).toMatchObject({ linkId: event.data.linkId, adviserSlug: event.data.adviserSlug });
      expect(stored?.expiresAt.toISOString()).toBe(event.data.expiresAt);

      const resolved = await resolve({ code });
      expect(resolved.status).toBe(200);
      const longToken = new URL(event.data.url).searchParams.get('token');
      expect(resolvedShortLinkSchema.strict().parse(resolved.body)).toEqual({
        adviserSlug: event.data.adviserSlug,
        token: longToken,
      });
      // The page then goes on exactly as the long link does, and learns the link's id.
      const verified = await suite.server.post('/api/questionnaire-links/verify', { token: longToken });
      expect(verifiedLinkSchema.parse(await verified.json())).toMatchObject({
        name: 'Sam Short',
        phone: '0412 345 678',
        linkId: event.data.linkId,
        expiresAt: event.data.expiresAt,
      });

      now = new Date(Date.parse(event.data.expiresAt) - 1000);
      expect((await resolve({ code })).status).toBe(200);
      now = new Date(event.data.expiresAt);
      expect(await resolve({ code })).toEqual({
        status: 400,
        body: { error: MESSAGES.invalidLink, code: 'INVALID_LINK_TOKEN' },
      });
      now = ISSUED;
    });

    it('keeps the long link for an email and stores no short code for it', async () => {
      now = ISSUED;
      const event = await sendLink({
        clientName: 'Eve Email',
        clientEmail: 'eve@example.com',
        method: 'email',
      });
      expect(event.data.shortUrl).toBeUndefined();
      const { rows } = await suite.sql.query(
        'SELECT code FROM questionnaire_short_links WHERE link_id = $1',
        [event.data.linkId],
      );
      expect(rows).toEqual([]);
    });

    it('answers an unknown code with the invalid-link message, and a malformed one with a 400', async () => {
      expect(await resolve({ code: 'Zz9Zz9Zz9Z' })).toEqual({
        status: 400,
        body: { error: MESSAGES.invalidLink, code: 'INVALID_LINK_TOKEN' },
      });
      for (const body of [{ code: 'short' }, { code: 'aaaaaaaaa-' }, {}, { code: 42 }]) {
        const res = await resolve(body);
        expect(res.status).toBe(400);
        errorBodySchema.parse(res.body);
      }
    });

    it('draws a new code when the first one is taken', async () => {
      const codes = ['Taken00001', 'Taken00001', 'Fresh00002'];
      const draw = () => codes.shift()!;
      const link = { adviserSlug: 'demo-adviser', token: 't', expiresAt: new Date(ISSUED.getTime() + DAY) };
      expect(await createShortLink(suite.sql, { ...link, linkId: 'collide-1' }, ISSUED, draw)).toBe(
        'Taken00001',
      );
      expect(await createShortLink(suite.sql, { ...link, linkId: 'collide-2' }, ISSUED, draw)).toBe(
        'Fresh00002',
      );
    });

    it("forgets the short link of an erased client's assessment, once, and no other", async () => {
      now = ISSUED;
      const erased = await sendLink({ clientName: 'Eve Erased', clientPhone: '0412 000 111', method: 'sms' });
      const kept = await sendLink({ clientName: 'Kim Kept', clientPhone: '0412 000 222', method: 'sms' });
      const erasure = assessmentErasedV1.parse({
        id: randomUUID(),
        type: 'AssessmentErased',
        version: 1,
        occurredAt: ISSUED.toISOString(),
        correlationId: 'req-erase',
        causationId: null,
        data: {
          assessmentId: randomUUID(),
          reason: 'request',
          linkId: erased.data.linkId,
          adviserSlug: erased.data.adviserSlug,
          erasedAt: ISSUED.toISOString(),
        },
      });
      const message = { id: erasure.id, key: integrationEventKey(erasure), value: erasure };
      await suite.server.bus.publish(ASSESSMENT_LIFECYCLE_TOPIC, [message]);
      await suite.server.bus.publish(ASSESSMENT_LIFECYCLE_TOPIC, [message]);
      const links = (linkId: string) =>
        suite.sql.query('SELECT 1 FROM questionnaire_short_links WHERE link_id = $1', [linkId]);
      await eventually(async () => expect((await links(erased.data.linkId)).rows).toEqual([]));
      expect((await links(kept.data.linkId)).rows).toHaveLength(1);
      expect((await resolve({ code: codeOf(erased.data.shortUrl) })).status).toBe(400);
      expect((await resolve({ code: codeOf(kept.data.shortUrl) })).status).toBe(200);
    });
  },
);

// The limit counts per address in the database; the same code runs on either target.
describe('the short link lookup limit', () => {
  const suite = adviserServerSuite(sqlTargets()[0]!, { env: { SHORT_LINK_RATE_LIMIT_PER_MINUTE: '3' } });

  it('refuses the lookup past the limit from one address with 429', async () => {
    for (let i = 0; i < 3; i++)
      expect((await suite.server.post(RESOLVE, { code: 'Zz9Zz9Zz9Z' })).status).toBe(400);
    const refused = await suite.server.post(RESOLVE, { code: 'Zz9Zz9Zz9Z' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: SHORT_LINK_RATE_LIMIT_MESSAGE, code: 'RATE_LIMITED' });
  });
});
