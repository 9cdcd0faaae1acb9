import { randomUUID } from 'node:crypto';
import { createdHouseholdSchema } from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { adviserServerSuite, DEMO_ENV } from '../../testing/adviser-test-server';
import {
  draftedEvent,
  type MemberAssessment,
  publishLifecycle,
  signInOtherAdviser,
  viewWhen,
} from '../../testing/household-steps';

const ADVISER = DEMO_ACCOUNTS[1];
const OTHER_EMAIL = 'other-viewer@example.com';
const HOUSEHOLDS = '/api/adviser/households';

interface LogRow {
  actor_email: string;
  actor_role: string;
  action: string;
  assessment_id: string | null;
  detail: string | null;
}

describeTargets(
  sqlTargets(),
  (target) => `a household view in the access log, on ${target.name}`,
  (target) => {
    const now = new Date('2026-11-22T10:30:00.000Z');
    const suite = adviserServerSuite(target, { clock: () => now, env: DEMO_ENV });
    let [adviser, other] = ['', ''];
    const views = async (householdId: string) =>
      (
        await suite.sql.query<LogRow>(
          `SELECT actor_email, actor_role, action, assessment_id, detail FROM records_access_log
           WHERE detail = $1 ORDER BY id`,
          [`household ${householdId}`],
        )
      ).rows;

    beforeAll(async () => {
      adviser = (await suite.server.signIn('/api/auth/login', ADVISER!.email, ADVISER!.password)).cookie;
      other = await signInOtherAdviser(suite, () => now, {
        email: OTHER_EMAIL,
        name: 'Vera Viewer',
        slug: 'vera-viewer',
      });
    });

    it("appends each view before it answers, under each member's assessment it shows", async () => {
      const res = await suite.server.call('POST', HOUSEHOLDS, {
        cookie: adviser,
        body: {
          name: 'The Parks',
          members: [
            { clientName: 'Jo Park', clientEmail: 'jo@example.com', clientPhone: null },
            { clientName: 'Kim Park', clientEmail: 'kim@example.com', clientPhone: null },
          ],
        },
      });
      expect(res.status).toBe(201);
      const created = createdHouseholdSchema.parse(await res.json());

      // Before anyone starts: one entry, no assessment.
      expect(
        (await suite.server.call('GET', `${HOUSEHOLDS}/${created.id}`, { cookie: adviser })).status,
      ).toBe(200);
      expect(await views(created.id)).toEqual([
        {
          actor_email: ADVISER!.email,
          actor_role: 'adviser',
          action: 'household-view',
          assessment_id: null,
          detail: `household ${created.id}`,
        },
      ]);

      // Another adviser's 404 shows nothing, so logs nothing.
      expect((await suite.server.call('GET', `${HOUSEHOLDS}/${created.id}`, { cookie: other })).status).toBe(
        404,
      );
      expect(await views(created.id)).toHaveLength(1);

      const jo: MemberAssessment = {
        assessmentId: randomUUID(),
        linkId: created.members[0]!.linkId,
        name: 'Jo Park',
        responses: uniformResponses(3),
        at: now,
      };
      await publishLifecycle(suite.server.bus, draftedEvent(jo));
      await viewWhen(suite.server, adviser, created.id, (view) => view.members[0]?.status === 'in_progress');
      expect((await views(created.id)).at(-1)).toMatchObject({
        action: 'household-view',
        assessment_id: jo.assessmentId,
      });

      // The log stays append-only with the platform's migration.
      await expect(suite.sql.query("UPDATE records_access_log SET detail = 'changed'")).rejects.toThrow(
        /append-only/,
      );
    });
  },
);
