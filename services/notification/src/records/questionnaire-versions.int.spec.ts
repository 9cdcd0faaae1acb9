import {
  type AssessmentSignedV1,
  QUESTIONNAIRE_V1,
  type RecordDetail,
  type RecordList,
} from '@risk-profile/contracts';
import {
  REWORDED_QUESTION_3,
  registerQuestionnaireV2Fixture,
  responsesScoring44,
} from '@risk-profile/contracts/testing';
import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { draftedOf, signedAssessment } from '../testing/fixtures';
import { type NotificationWithServers, startWithTestServers } from '../testing/notification-under-test';
import { pdfText } from '../testing/pdf-text';
import { recordProjected } from '../testing/record-projected';

const v2 = registerQuestionnaireV2Fixture();
const QUESTION_3_V1 = QUESTIONNAIRE_V1.questions[2]!.text;
const ADVISER = {
  slug: 'versions-adviser',
  adviserName: 'Vera Version',
  companyName: 'Version Wealth',
  email: 'vera@example.com',
};

/*
 * Issue 46: a record is rendered in the wording and by the bands of the questionnaire version it
 * was answered against. The same answers (score 44) signed under version 1 (before versions: no
 * version in the event), under version 1 named, and under the fixture version 2 (question 3
 * reworded, group 3 ending at 42) after it became current.
 */
describeTargets(
  sqlTargets(),
  (target) => `records of two questionnaire versions on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let servers: NotificationWithServers;
    let adviser: string;
    let admin: string;
    const get = (path: string, cookie: string) =>
      fetch(`${servers.service.url}${path}`, { headers: { cookie } });

    async function project(event: AssessmentSignedV1): Promise<string> {
      await servers.service.publish(draftedOf(event));
      await servers.service.publish(event);
      await recordProjected(sql, event.data.assessmentId);
      return event.data.assessmentId;
    }
    const signedUnder = (questionnaire: typeof v2 | undefined, clientName: string) =>
      signedAssessment({
        responses: responsesScoring44(),
        questionnaire,
        clientName,
        clientEmail: `${clientName.toLowerCase().replace(/\W+/g, '.')}@example.com`,
        adviserSlug: ADVISER.slug,
        adviser: ADVISER,
      });

    beforeAll(async () => {
      sql = await target.open();
      servers = await startWithTestServers(sql, { sender: { retryDelaysMs: [200], pollIntervalMs: 50 } });
      adviser = await servers.service.signIn('adviser', ADVISER.slug, 'vera@example.com');
      admin = await servers.service.signIn('admin', null, 'admin@example.com');
    });
    afterAll(async () => {
      await servers?.stop();
      await sql?.close();
    });

    it('shows each record in its own version: the records API, the PDF and the CSV', async () => {
      const beforeVersions = await project(signedUnder(undefined, 'Before Versions'));
      const underV1 = await project(signedUnder(QUESTIONNAIRE_V1, 'Under One'));
      const underV2 = await project(signedUnder(v2, 'Under Two'));

      const detail = async (id: string) => {
        const res = await get(`/api/adviser/assessments/${id}`, adviser);
        expect(res.status).toBe(200);
        return (await res.json()) as RecordDetail;
      };
      // The same answers (44) under each version: its group, profile, question 3 and score band.
      const byVersion = [
        {
          ids: [beforeVersions, underV1],
          version: 1,
          riskGroup: 3,
          profile: 'Balanced',
          question3: QUESTION_3_V1,
          otherQuestion3: REWORDED_QUESTION_3,
          band: 'group 3 is 36 to 45',
        },
        {
          ids: [underV2],
          version: 2,
          riskGroup: 4,
          profile: 'Growth',
          question3: REWORDED_QUESTION_3,
          otherQuestion3: QUESTION_3_V1,
          band: 'group 4 is 43 to 55',
        },
      ];
      for (const { ids, version, riskGroup, profile } of byVersion) {
        for (const id of ids) {
          expect(await detail(id)).toMatchObject({
            questionnaireVersion: version,
            riskScore: 44,
            riskGroup,
            recommendedProfile: profile,
          });
        }
      }
      const list = (await (await get('/api/adviser/assessments', adviser)).json()) as RecordList;
      expect(Object.fromEntries(list.items.map((item) => [item.id, item.questionnaireVersion]))).toEqual({
        [beforeVersions]: 1,
        [underV1]: 1,
        [underV2]: 2,
      });

      const pdf = async (id: string) => {
        const res = await get(`/api/adviser/assessments/${id}/report.pdf`, adviser);
        expect(res.status).toBe(200);
        return pdfText(Buffer.from(await res.arrayBuffer()));
      };
      for (const { ids, version, profile, question3, otherQuestion3, band } of byVersion) {
        for (const id of ids) {
          const text = await pdf(id);
          expect(text).toContain(`Questionnaire version ${version}`);
          expect(text).toContain(`3. ${question3}`);
          expect(text).not.toContain(otherQuestion3);
          expect(text).toContain(band);
          expect(text).toContain(`Recommended profile ${profile}`);
        }
      }

      const csv = await (await get(`/api/admin/assessments.csv?adviser=${ADVISER.slug}`, admin)).text();
      const [header, ...lines] = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(header?.split(',').at(-1)).toBe('Questionnaire version');
      const versionOf = (id: string) =>
        lines
          .find((line) => line.startsWith(id))
          ?.split(',')
          .at(-1);
      expect([versionOf(beforeVersions), versionOf(underV1), versionOf(underV2)]).toEqual(['1', '1', '2']);

      // The client's data export: the version on the record and the report in its words.
      const zip = await get('/api/admin/data-requests/export.zip?email=under.two@example.com', admin);
      expect(zip.status).toBe(200);
      const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      const exported = JSON.parse(strFromU8(files['assessments.json']!)) as {
        assessments: { id: string; questionnaireVersion: number; report: string }[];
      };
      expect(exported.assessments).toEqual([
        expect.objectContaining({ id: underV2, questionnaireVersion: 2 }),
      ]);
      const report = pdfText(files[exported.assessments[0]!.report]!);
      expect(report).toContain('Questionnaire version 2');
      expect(report).toContain(REWORDED_QUESTION_3);
    });
  },
);
