import {
  assessmentSchema,
  type DraftAssessmentBody,
  errorBodySchema,
  MAX_JSON_DEPTH,
  MESSAGES,
} from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets, storedEventCount } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AssessmentTestServer, startAssessmentServer } from '../testing/assessment-test-server';
import { YES_PATH_DRAFT } from '../testing/domain-fixtures';
import {
  CHANGED_DRAFT,
  changedBody,
  consistentResponses,
  inconsistentResponses,
  yesBody,
} from '../testing/fixtures';
import { UNKNOWN_ADVISER_MESSAGE } from './draft-assessment.route';

const NOW = new Date('2026-01-10T09:00:00.000Z');

describeTargets(
  sqlTargets(),
  (target) => `POST /api/assessments on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let server: AssessmentTestServer;

    beforeAll(async () => {
      sql = await target.open();
      server = await startAssessmentServer(sql, { clock: () => NOW });
    });
    afterAll(async () => {
      await server?.stop();
      await sql?.close();
    });

    const eventCount = () => storedEventCount(sql);

    async function create(body: unknown, headers?: Record<string, string>) {
      const response = await server.post('/api/assessments', body, headers);
      return { response, body: (await response.json()) as unknown };
    }

    /** A refusal answers with the contract's error body and leaves the store untouched. */
    async function expectRefused(body: unknown, status: number, error: string | RegExp) {
      const before = await eventCount();
      const result = await create(body);
      expect(result.response.status).toBe(status);
      const parsed = errorBodySchema.parse(result.body);
      if (typeof error === 'string') expect(parsed.error).toBe(error);
      else expect(parsed.error).toMatch(error);
      expect(await eventCount()).toBe(before);
      return parsed;
    }

    it('answers 201 with the draft on the YES path and stores it', async () => {
      const { response, body } = await create(yesBody(), { 'x-request-id': 'req-draft-yes' });
      expect(response.status).toBe(201);
      const assessment = assessmentSchema.parse(body);
      expect(assessment).toMatchObject({
        status: 'draft',
        ...YES_PATH_DRAFT,
        selectedProfile: 'Balanced',
        profileChanged: false,
        profileChangeReason: null,
        consistencyWarnings: [],
        adviserSlug: 'demo-adviser',
        createdAt: NOW.toISOString(),
        signedAt: null,
        signature: null,
      });

      const stream = await server.store.readStream(`assessment-${assessment.id}`);
      expect(stream.map((event) => event.type)).toEqual(['AssessmentDrafted']);
      expect(stream[0]!.data).toMatchObject({
        assessmentId: assessment.id,
        sessionId: 'session-1',
        deviceType: 'mobile',
      });
      expect(stream[0]!.metadata).toMatchObject({
        correlationId: 'req-draft-yes',
        causationId: expect.any(String),
      });
    });

    it('answers 201 on the NO path with the changed profile and its reason', async () => {
      const { response, body } = await create(changedBody());
      expect(response.status).toBe(201);
      expect(assessmentSchema.parse(body)).toMatchObject({
        status: 'draft',
        ...CHANGED_DRAFT,
      });
    });

    it('gives every draft its own server-generated id', async () => {
      const first = assessmentSchema.parse((await create(yesBody({ id: 'mine' } as never))).body);
      const second = assessmentSchema.parse((await create(yesBody())).body);
      expect(first.id).not.toBe(second.id);
      expect(first.id).not.toBe('mine');
    });

    const withoutAnswer = (key: string): DraftAssessmentBody => {
      const { [key]: _, ...responses } = consistentResponses() as Record<string, number>;
      return { ...yesBody(), responses: responses as DraftAssessmentBody['responses'] };
    };

    it.each<[string, unknown, string]>([
      ['no name', yesBody({ clientName: '  ' }), MESSAGES.nameRequired],
      ['a missing name', { ...yesBody(), clientName: undefined }, MESSAGES.nameRequired],
      ['neither email nor phone', yesBody({ clientEmail: '', clientPhone: null }), MESSAGES.contactRequired],
      ['question 5 unanswered', withoutAnswer('q5'), MESSAGES.answerQuestion(5)],
      ['question 18 unanswered', withoutAnswer('q18'), MESSAGES.answerQuestion(18)],
      ['no answers at all', { ...yesBody(), responses: undefined }, MESSAGES.answerQuestion(1)],
      [
        'unresolved inconsistencies',
        yesBody({ responses: inconsistentResponses() }),
        MESSAGES.resolveInconsistencies,
      ],
      ['no profile chosen', { ...yesBody(), selectedProfile: null }, MESSAGES.profileRequired],
      [
        'a changed profile without a reason',
        changedBody({ profileChangeReason: ' ' }),
        MESSAGES.changeReasonRequired,
      ],
      [
        'a changed profile without the acknowledgement',
        changedBody({ riskAcknowledged: false }),
        MESSAGES.acknowledgementRequired,
      ],
    ])('answers 400 for %s with the product message', async (_, body, message) => {
      await expectRefused(body, 400, message);
    });

    it.each<[string, DraftAssessmentBody, string]>([
      ['a risk score the answers do not give', yesBody({ riskScore: 50 }), 'riskScore'],
      [
        'a profile the answers do not give',
        yesBody({ originalProfile: 'Growth', selectedProfile: 'Growth' }),
        'originalProfile',
      ],
      [
        'inconsistent answers sent without their warnings',
        yesBody({ responses: inconsistentResponses(), consistencyWarnings: [] }),
        'consistencyWarnings',
      ],
    ])('answers 422 and stores nothing for %s', async (_, body, path) => {
      const error = await expectRefused(body, 422, /do not match the answers/);
      expect(error.code).toBe('DERIVED_VALUES_MISMATCH');
      expect(error.details?.map((detail) => detail.path)).toEqual([path]);
    });

    it.each<[string, unknown, string]>([
      ['a NUL in the name', yesBody({ clientName: 'Jo\u0000Client' }), 'clientName'],
      [
        'a lone surrogate in the exclusions',
        yesBody({ investmentExclusions: 'Tob\uD800acco' }),
        'investmentExclusions',
      ],
      ['a NUL in the session id', yesBody({ sessionId: 's\u0000' }), 'sessionId'],
    ])('answers 400 naming the field, and stores nothing, for %s', async (_, body, field) => {
      await expectRefused(body, 400, `${field}: must not contain a NUL character or invalid Unicode`);
    });

    it('answers 422 and stores nothing for an adviser that does not exist', async () => {
      const error = await expectRefused(
        yesBody({ adviserSlug: 'no-such-adviser-xyz' }),
        422,
        UNKNOWN_ADVISER_MESSAGE,
      );
      expect(error.code).toBe('UNKNOWN_ADVISER');
    });

    it('answers 400 and stores nothing for a link id that is not one', async () => {
      await expectRefused(yesBody({ linkId: 'link-1' }), 400, 'The link id is not valid.');
    });

    it('drafts without an adviser', async () => {
      expect((await create(yesBody({ adviserSlug: null }))).response.status).toBe(201);
    });

    it('answers 400 to malformed JSON', async () => {
      await expectRefused('{"clientName": "Jo"', 400, 'Malformed JSON body');
    });

    it('answers 400 to JSON nested thousands of levels deep', async () => {
      const deep = `${'['.repeat(10_000)}"\\u0000"${']'.repeat(10_000)}`;
      await expectRefused(`{"clientName":${deep}}`, 400, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    });

    it('answers 413 to a body over the limit', async () => {
      await expectRefused(
        yesBody({ investmentPreferences: 'x'.repeat(70 * 1024) }),
        413,
        'Request body too large',
      );
    });

    it('answers 415 to a body that is not JSON', async () => {
      const response = await fetch(`${server.url}/api/assessments`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'hello',
      });
      expect(response.status).toBe(415);
    });

    it('offers no way to read an assessment back', async () => {
      const { body } = await create(yesBody());
      const { id } = assessmentSchema.parse(body);
      const response = await fetch(`${server.url}/api/assessments/${id}`);
      expect(response.status).toBe(404);
    });
  },
);
