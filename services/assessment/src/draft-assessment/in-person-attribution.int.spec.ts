import { randomUUID } from 'node:crypto';
import { assessmentSchema } from '@risk-profile/contracts';
import {
  createSessionTokens,
  type SqlClient,
  sessionCookie,
  sessionStateWrites,
} from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toLifecycleEvent } from '../integration/lifecycle-events';
import {
  type AssessmentTestServer,
  startAssessmentServer,
  TEST_PUBLIC_URL,
  TEST_SESSION_SECRET,
  testStaffCookie,
} from '../testing/assessment-test-server';
import { adviserContact, knownAdvisers, yesBody } from '../testing/fixtures';

const NOW = new Date('2026-01-10T09:00:00.000Z');
const COOKIE = sessionCookie(TEST_PUBLIC_URL).name;

describeTargets(
  sqlTargets(),
  (target) => `in-person attribution of POST /api/assessments on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let server: AssessmentTestServer;

    beforeAll(async () => {
      sql = await target.open();
      server = await startAssessmentServer(sql, {
        clock: () => NOW,
        advisers: knownAdvisers('demo-adviser', 'in-person-adviser'),
      });
    });
    afterAll(async () => {
      await server?.stop();
      await sql?.close();
    });

    /** A session cookie for a user the adviser service knows (its session state is written). */
    const signIn = (subject: Parameters<typeof testStaffCookie>[2]) => testStaffCookie(sql, NOW, subject);

    const adviserCookie = () => signIn({ role: 'adviser', adviserSlug: 'in-person-adviser' });

    /** Drafts and signs `body`, returning the draft's answer and the AssessmentSigned it publishes. */
    async function draftAndSign(body: unknown, cookie?: string) {
      const headers = cookie ? { cookie } : undefined;
      const drafted = await server.post('/api/assessments', body, headers);
      expect(drafted.status).toBe(201);
      const assessment = assessmentSchema.parse(await drafted.json());
      const signed = await server.post(
        `/api/assessments/${assessment.id}/sign`,
        { investmentExclusions: '', investmentPreferences: '', confirmed: true },
        headers,
      );
      expect(signed.status).toBe(200);
      const stream = await server.store.readStream(`assessment-${assessment.id}`);
      const published = toLifecycleEvent(stream.at(-1)!, stream);
      if (published?.type !== 'AssessmentSigned') throw new Error('expected AssessmentSigned last');
      return { assessment, signedData: published.data };
    }

    it('attributes a draft without a page to the signed-in adviser, so the report is theirs', async () => {
      const { assessment, signedData } = await draftAndSign(
        yesBody({ adviserSlug: null }),
        await adviserCookie(),
      );
      expect(assessment.adviserSlug).toBe('in-person-adviser');
      expect(signedData.adviserSlug).toBe('in-person-adviser');
      // The notification service sends the adviser's report to exactly this snapshot.
      expect(signedData.adviser).toEqual(adviserContact('in-person-adviser'));
    });

    it("keeps the page's adviser when a signed-in adviser uses another adviser's page", async () => {
      const { signedData } = await draftAndSign(
        yesBody({ adviserSlug: 'demo-adviser' }),
        await adviserCookie(),
      );
      expect(signedData.adviserSlug).toBe('demo-adviser');
      expect(signedData.adviser).toEqual(adviserContact('demo-adviser'));
    });

    it('attributes nothing without a session', async () => {
      const { signedData } = await draftAndSign(yesBody({ adviserSlug: null }));
      expect(signedData.adviserSlug).toBeNull();
      expect(signedData.adviser).toBeNull();
    });

    it("attributes nothing to an administrator's session", async () => {
      const { signedData } = await draftAndSign(
        yesBody({ adviserSlug: null }),
        await signIn({ role: 'admin' }),
      );
      expect(signedData.adviserSlug).toBeNull();
      expect(signedData.adviser).toBeNull();
    });

    it("attributes nothing to an analyst's session, whatever its token names", async () => {
      for (const cookie of [
        await signIn({ role: 'analyst' }),
        await signIn({ role: 'analyst', adviserSlug: 'in-person-adviser' }),
      ]) {
        const { signedData } = await draftAndSign(yesBody({ adviserSlug: null }), cookie);
        expect(signedData.adviserSlug).toBeNull();
        expect(signedData.adviser).toBeNull();
      }
    });

    it.each<[string, () => Promise<string>]>([
      [
        'forged (signed with another key)',
        async () => {
          const forger = createSessionTokens('not-the-session-secret-0123456789abcdef', () => NOW);
          const { token } = forger.issue({
            id: randomUUID(),
            role: 'adviser',
            email: 'x@example.com',
            name: 'X',
            adviserSlug: 'in-person-adviser',
            sessionVersion: 1,
          });
          return `${COOKIE}=${token}`;
        },
      ],
      [
        'expired',
        async () => {
          const yesterday = new Date(NOW.getTime() - 25 * 3600_000);
          const who = {
            role: 'adviser',
            email: 'x@example.com',
            name: 'X',
            adviserSlug: 'in-person-adviser',
          } as const;
          return testStaffCookie(sql, yesterday, who);
        },
      ],
      [
        'ended (the account was disabled)',
        async () => {
          const cookie = await adviserCookie();
          const tokens = createSessionTokens(TEST_SESSION_SECRET, () => NOW);
          const claims = tokens.verify(cookie.slice(COOKIE.length + 1))!;
          await sessionStateWrites.upsertUser(sql, claims.sub, { sessionVersion: 1, disabled: true });
          return cookie;
        },
      ],
      ['garbage', async () => `${COOKIE}=not.a.token`],
    ])('treats a session cookie that is %s as anonymous', async (_, cookie) => {
      const { signedData } = await draftAndSign(yesBody({ adviserSlug: null }), await cookie());
      expect(signedData.adviserSlug).toBeNull();
      expect(signedData.adviser).toBeNull();
    });
  },
);
