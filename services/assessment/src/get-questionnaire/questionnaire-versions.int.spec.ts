import {
  type AssessmentLifecycleTopicEvent,
  assessmentSchema,
  errorBodySchema,
  QUESTIONNAIRE_CHANGED_MESSAGE,
  QUESTIONNAIRE_V1,
  type QuestionnaireVersion,
  questionnaireSchema,
} from '@risk-profile/contracts';
import {
  draftAnswersScoring44,
  REWORDED_QUESTION_3,
  registerQuestionnaireV2Fixture,
} from '@risk-profile/contracts/testing';
import type { BusMessage, SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets, storedEventCount } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AssessmentTestServer,
  startAssessmentServer,
  waitUntil,
} from '../testing/assessment-test-server';
import { yesBody } from '../testing/fixtures';

const v2 = registerQuestionnaireV2Fixture();

/** The draft a page showing `questionnaire` sends for the answers scoring 44. */
function bodyOf44(questionnaire: QuestionnaireVersion, version = questionnaire.version) {
  return yesBody({ ...draftAnswersScoring44(questionnaire), questionnaireVersion: version });
}

const SIGN = { investmentExclusions: '', investmentPreferences: '', confirmed: true };

describeTargets(
  sqlTargets(),
  (target) => `questionnaire versions on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let server: AssessmentTestServer | undefined;
    const published: BusMessage<AssessmentLifecycleTopicEvent>[] = [];
    const start = async (version: number) => {
      await server?.stop();
      server = await startAssessmentServer(sql, {
        background: true,
        collect: published,
        env: { QUESTIONNAIRE_VERSION: String(version) },
      });
      return server;
    };
    const questionnaire = async (s: AssessmentTestServer) => {
      const response = await fetch(`${s.url}/api/questionnaire`);
      expect(response.status).toBe(200);
      return questionnaireSchema.parse(await response.json());
    };
    const publishedOf = (id: string, type: string) =>
      published.find((m) => m.value.type === type && m.value.data.assessmentId === id)?.value;

    beforeAll(async () => {
      sql = await target.open();
    });
    afterAll(async () => {
      await server?.stop();
      await sql?.close();
    });

    it('records the version scored against in the events, and refuses a page of another version with 409', async () => {
      const first = await start(1);
      expect(await questionnaire(first)).toMatchObject({ version: 1, questions: expect.any(Array) });
      expect((await questionnaire(first)).questions[2]?.text).toBe(QUESTIONNAIRE_V1.questions[2]?.text);

      const draftedV1 = await first.post('/api/assessments', bodyOf44(QUESTIONNAIRE_V1));
      expect(draftedV1.status).toBe(201);
      const underV1 = assessmentSchema.parse(await draftedV1.json());
      expect(underV1).toMatchObject({ questionnaireVersion: 1, riskGroup: 3, originalProfile: 'Balanced' });
      // A draft left unsigned when the version changes.
      const leftOver = assessmentSchema.parse(
        await (await first.post('/api/assessments', bodyOf44(QUESTIONNAIRE_V1))).json(),
      );
      expect((await first.post(`/api/assessments/${underV1.id}/sign`, SIGN)).status).toBe(200);

      // Version 2 becomes current.
      const second = await start(2);
      const current = await questionnaire(second);
      expect(current.version).toBe(2);
      expect(current.questions[2]?.text).toBe(REWORDED_QUESTION_3);
      expect(current.profiles[2]?.scoreBand).toEqual({ from: 36, to: 42 });

      const before = await storedEventCount(sql);
      for (const refused of [
        await second.post('/api/assessments', bodyOf44(QUESTIONNAIRE_V1)),
        await second.post('/api/assessments', {
          ...bodyOf44(QUESTIONNAIRE_V1),
          questionnaireVersion: undefined,
        }),
        await second.post(`/api/assessments/${leftOver.id}/sign`, SIGN),
        await second.post(`/api/assessments/${leftOver.id}/sign`, { ...SIGN, questionnaireVersion: 2 }),
      ]) {
        expect(refused.status).toBe(409);
        expect(errorBodySchema.parse(await refused.json())).toMatchObject({
          error: QUESTIONNAIRE_CHANGED_MESSAGE,
          code: 'QUESTIONNAIRE_CHANGED',
        });
      }
      expect(await storedEventCount(sql)).toBe(before);

      const draftedV2 = await second.post('/api/assessments', bodyOf44(v2));
      expect(draftedV2.status).toBe(201);
      const underV2 = assessmentSchema.parse(await draftedV2.json());
      expect(underV2).toMatchObject({ questionnaireVersion: 2, riskGroup: 4, originalProfile: 'Growth' });
      const signedV2 = await second.post(`/api/assessments/${underV2.id}/sign`, {
        ...SIGN,
        questionnaireVersion: 2,
      });
      expect(signedV2.status).toBe(200);

      const [storedV2] = await second.store.readStream(`assessment-${underV2.id}`);
      expect(storedV2?.data).toMatchObject({ questionnaireVersion: 2 });
      await waitUntil(() => publishedOf(underV2.id, 'AssessmentSigned') !== undefined);
      expect(publishedOf(underV1.id, 'AssessmentDrafted')?.data).toMatchObject({ questionnaireVersion: 1 });
      expect(publishedOf(underV1.id, 'AssessmentSigned')?.data).toMatchObject({ questionnaireVersion: 1 });
      expect(publishedOf(underV2.id, 'AssessmentDrafted')?.data).toMatchObject({ questionnaireVersion: 2 });
      expect(publishedOf(underV2.id, 'AssessmentSigned')?.data).toMatchObject({
        questionnaireVersion: 2,
        riskGroup: 4,
        originalProfile: 'Growth',
      });
    });
  },
);
