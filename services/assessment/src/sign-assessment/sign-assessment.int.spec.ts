import { createHash } from 'node:crypto';
import { type Assessment, assessmentSchema, errorBodySchema, MESSAGES } from '@risk-profile/contracts';
import { PgliteSqlClient, type SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../application/canonical-json';
import { type AssessmentTestServer, startAssessmentServer } from '../testing/assessment-test-server';
import { changedBody, yesBody } from '../testing/fixtures';

const DRAFTED_AT = new Date('2026-01-10T09:00:00.000Z');
const SIGNED_AT = new Date('2026-01-10T09:05:00.000Z');
const SIGN_BODY = {
  investmentExclusions: ' Tobacco ',
  investmentPreferences: 'Renewable energy',
  confirmed: true,
};
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)';

describeTargets(
  sqlTargets(),
  (target) => `POST /api/assessments/:id/sign on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let server: AssessmentTestServer;
    let now = DRAFTED_AT;

    beforeAll(async () => {
      sql = await target.open();
      // As behind a gateway on this host: the loopback peer is trusted to name the client.
      server = await startAssessmentServer(sql, { clock: () => now, env: { TRUST_PROXY: 'loopback' } });
    });
    afterAll(async () => {
      await server?.stop();
      await sql?.close();
    });

    async function draft(body = yesBody()): Promise<Assessment> {
      now = DRAFTED_AT;
      const response = await server.post('/api/assessments', body);
      expect(response.status).toBe(201);
      now = SIGNED_AT;
      return assessmentSchema.parse(await response.json());
    }

    const sign = (id: string, body: unknown = SIGN_BODY, headers: Record<string, string> = {}) =>
      server.post(`/api/assessments/${id}/sign`, body, { 'user-agent': BROWSER, ...headers });

    const eventTypes = async (id: string) =>
      (await server.store.readStream(`assessment-${id}`)).map((event) => event.type);

    it('answers 200 with the signed assessment and what was recorded', async () => {
      const drafted = await draft(changedBody());
      const response = await sign(drafted.id, SIGN_BODY, { 'x-forwarded-for': '203.0.113.7' });
      expect(response.status).toBe(200);
      const signed = assessmentSchema.parse(await response.json());
      expect(signed).toMatchObject({
        ...drafted,
        status: 'signed',
        investmentExclusions: 'Tobacco',
        investmentPreferences: 'Renewable energy',
        signedAt: SIGNED_AT.toISOString(),
        signature: { signedAt: SIGNED_AT.toISOString(), ipAddress: '203.0.113.7', userAgent: BROWSER },
      });
      expect(await eventTypes(drafted.id)).toEqual(['AssessmentDrafted', 'AssessmentSigned']);
    });

    it('records a digest an auditor can recompute from the documented fields', async () => {
      const drafted = await draft(changedBody());
      const signed = assessmentSchema.parse(await (await sign(drafted.id)).json());
      if (signed.status !== 'signed') throw new Error('expected a signed assessment');
      const documented = {
        assessmentId: signed.id,
        clientName: signed.clientName,
        clientEmail: signed.clientEmail,
        clientPhone: signed.clientPhone,
        responses: signed.responses,
        riskScore: signed.riskScore,
        originalProfile: signed.originalProfile,
        selectedProfile: signed.selectedProfile,
        profileChangeReason: signed.profileChangeReason,
        investmentExclusions: signed.investmentExclusions,
        investmentPreferences: signed.investmentPreferences,
        signedAt: signed.signature.signedAt,
        ipAddress: signed.signature.ipAddress,
        userAgent: signed.signature.userAgent,
        // The capacity record as signed (the response carries the same).
        capacity: signed.capacity!,
        // The questionnaire version the draft was scored against.
        questionnaireVersion: signed.questionnaireVersion,
      };
      expect(signed.signature.digest).toBe(
        createHash('sha256').update(canonicalJson(documented)).digest('hex'),
      );
    });

    it('records the connecting address when no proxy forwarded the request', async () => {
      const drafted = await draft();
      const signed = assessmentSchema.parse(await (await sign(drafted.id)).json());
      expect(signed.signature?.ipAddress).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    });

    it.each([
      ['markup', '<img src=x onerror=alert(1)>'],
      ['2,000 characters', 'x'.repeat(2_000)],
      ['a list ending in text', '203.0.113.7, not-an-ip'],
    ])('records the connecting address, a valid IP, when the forwarded address is %s', async (_, forged) => {
      const drafted = await draft();
      const response = await sign(drafted.id, SIGN_BODY, { 'x-forwarded-for': forged });
      expect(response.status).toBe(200);
      const signed = assessmentSchema.parse(await response.json());
      expect(signed.signature?.ipAddress).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    });

    it('answers 400 naming the field for text a database cannot store, and signs nothing', async () => {
      const drafted = await draft();
      const response = await sign(drafted.id, { ...SIGN_BODY, investmentPreferences: 'Solar\u0000' });
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(await response.json()).error).toBe(
        'investmentPreferences: must not contain a NUL character or invalid Unicode',
      );
      expect(await eventTypes(drafted.id)).toEqual(['AssessmentDrafted']);
    });

    it('keeps at most 512 characters of the user agent', async () => {
      const drafted = await draft();
      const signed = assessmentSchema.parse(
        await (await sign(drafted.id, SIGN_BODY, { 'user-agent': 'u'.repeat(600) })).json(),
      );
      expect(signed.signature?.userAgent).toBe('u'.repeat(512));
    });

    it('answers 409 to a second signature and changes nothing', async () => {
      const drafted = await draft();
      expect((await sign(drafted.id)).status).toBe(200);
      const second = await sign(drafted.id, { ...SIGN_BODY, investmentPreferences: 'changed my mind' });
      expect(second.status).toBe(409);
      expect(errorBodySchema.parse(await second.json())).toMatchObject({
        error: 'This assessment has already been signed.',
        code: 'ASSESSMENT_ALREADY_SIGNED',
      });
      expect(await eventTypes(drafted.id)).toEqual(['AssessmentDrafted', 'AssessmentSigned']);
    });

    it('lets exactly one of two simultaneous signatures through', async () => {
      const drafted = await draft();
      const responses = await Promise.all([sign(drafted.id), sign(drafted.id)]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      expect(await eventTypes(drafted.id)).toEqual(['AssessmentDrafted', 'AssessmentSigned']);
    });

    it.each([
      ['an unknown id', '7d0c7b7e-2b1a-4c55-9f5e-3c1f0f0e9a01'],
      ['a malformed id', 'not-a-uuid'],
      ['a stream-name injection', 'x%2F..%2Fadmin'],
    ])('answers 404 for %s', async (_, id) => {
      const response = await sign(id);
      expect(response.status).toBe(404);
      expect(errorBodySchema.parse(await response.json())).toMatchObject({ error: 'Assessment not found.' });
    });

    it.each([
      ['an unticked confirmation', { ...SIGN_BODY, confirmed: false }],
      ['no confirmation', { investmentExclusions: '' }],
    ])('answers 400 for %s and leaves the draft unsigned', async (_, body) => {
      const drafted = await draft();
      const response = await sign(drafted.id, body);
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(await response.json()).error).toBe(MESSAGES.confirmationRequired);
      expect(await eventTypes(drafted.id)).toEqual(['AssessmentDrafted']);
    });

    it('answers 400 with the confirmation message to a request without a body', async () => {
      const drafted = await draft();
      const response = await fetch(`${server.url}/api/assessments/${drafted.id}/sign`, { method: 'POST' });
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(await response.json()).error).toBe(MESSAGES.confirmationRequired);
    });

    it('answers 400 to malformed JSON', async () => {
      const drafted = await draft();
      const response = await sign(drafted.id, '{"confirmed": tru');
      expect(response.status).toBe(400);
      expect(await eventTypes(drafted.id)).toEqual(['AssessmentDrafted']);
    });
  },
);

describe('signings per client address', () => {
  let sql: SqlClient;
  let server: AssessmentTestServer;
  /** A second instance of the service on the same database, as behind a gateway with two. */
  let other: AssessmentTestServer;

  beforeAll(async () => {
    sql = await PgliteSqlClient.open();
    const env = { TRUST_PROXY: 'loopback', SIGN_RATE_LIMIT_PER_HOUR: '3' };
    server = await startAssessmentServer(sql, { env });
    other = await startAssessmentServer(sql, { env });
  });
  afterAll(async () => {
    await other?.stop();
    await server?.stop();
    await sql?.close();
  });

  const signFrom = async (ip: string, body: unknown = SIGN_BODY, via = server) => {
    const drafted = await via.post('/api/assessments', yesBody());
    const { id } = assessmentSchema.parse(await drafted.json());
    return via.post(`/api/assessments/${id}/sign`, body, { 'x-forwarded-for': ip });
  };

  it('refuses the signing beyond the hourly limit of one address with 429 and Retry-After, and stores nothing', async () => {
    // A refused signing (no confirmation) sends nothing, so it does not count.
    expect((await signFrom('198.51.100.20', { ...SIGN_BODY, confirmed: false })).status).toBe(400);
    for (let n = 0; n < 3; n++) expect((await signFrom('198.51.100.20')).status).toBe(200);
    const refused = await signFrom('198.51.100.20');
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(await refused.json())).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const signed = (await server.store.readAll({ limit: 100 })).filter((e) => e.type === 'AssessmentSigned');
    expect(signed).toHaveLength(3);
    // Another address is not held up.
    expect((await signFrom('198.51.100.21')).status).toBe(200);
  });

  it('counts the signings of every instance of the service together', async () => {
    expect((await signFrom('198.51.100.30', SIGN_BODY, server)).status).toBe(200);
    expect((await signFrom('198.51.100.30', SIGN_BODY, other)).status).toBe(200);
    expect((await signFrom('198.51.100.30', SIGN_BODY, server)).status).toBe(200);
    expect((await signFrom('198.51.100.30', SIGN_BODY, other)).status).toBe(429);
  });
});
