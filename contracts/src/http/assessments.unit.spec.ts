import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { uniformResponses } from '../testing';
import { assessmentSchema, draftAssessmentBodySchema, signAssessmentBodySchema } from './assessments';

const responses = uniformResponses();

const draft = {
  clientName: 'Jo Client',
  clientEmail: 'jo@example.com',
  responses,
  riskScore: 36,
  originalProfile: 'Balanced',
  selectedProfile: 'Balanced',
  profileChanged: false,
  profileChangeReason: '',
  investmentExclusions: '',
  investmentPreferences: '',
  consistencyWarnings: [],
  adviserSlug: 'demo-adviser',
  signatureData: 'draft_1767225600000',
};

const changed = {
  ...draft,
  selectedProfile: 'Growth',
  profileChanged: true,
  profileChangeReason: 'I have a long horizon.',
  riskAcknowledged: true,
};

const issuesOf = (input: unknown) =>
  draftAssessmentBodySchema
    .safeParse(input)
    .error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

describe('draftAssessmentBodySchema', () => {
  it('normalises absent and blank optional fields to null and fills defaults', () => {
    expect(
      draftAssessmentBodySchema.parse({
        clientName: '  Jo Client ',
        clientEmail: 'jo@example.com',
        responses,
        riskScore: 36,
        originalProfile: 'Balanced',
        selectedProfile: 'Balanced',
        profileChanged: false,
        adviserSlug: '',
        unknownKey: 'dropped',
      }),
    ).toEqual({
      clientName: 'Jo Client',
      clientEmail: 'jo@example.com',
      clientPhone: null,
      questionnaireVersion: 1,
      responses,
      riskScore: 36,
      originalProfile: 'Balanced',
      selectedProfile: 'Balanced',
      profileChanged: false,
      profileChangeReason: null,
      riskAcknowledged: false,
      capacityAcknowledged: false,
      investmentExclusions: '',
      investmentPreferences: '',
      consistencyWarnings: [],
      adviserSlug: null,
      linkId: null,
      sessionId: null,
      deviceType: null,
    });
  });

  it.each([
    ['the YES path without a phone', draft],
    ['a phone instead of an email', { ...draft, clientEmail: null, clientPhone: '0412 345 678' }],
    ['a changed profile with reason and acknowledgement', changed],
    ['analytics ids', { ...draft, sessionId: 's-1', deviceType: 'tablet' }],
    ['no adviser', { ...draft, adviserSlug: null }],
    ['the link it came from', { ...draft, linkId: '5f0c3b7e-2d4a-4c1e-9b8f-0a1b2c3d4e5f' }],
    ['no link', { ...draft, linkId: null }],
  ])('accepts %s', (_, body) => {
    expect(draftAssessmentBodySchema.safeParse(body).success).toBe(true);
  });

  it.each([
    ['a blank name', { ...draft, clientName: '   ' }, 'clientName', MESSAGES.nameRequired],
    ['a missing name', { ...draft, clientName: undefined }, 'clientName', MESSAGES.nameRequired],
    ['no contact', { ...draft, clientEmail: '', clientPhone: null }, 'clientEmail', MESSAGES.contactRequired],
    [
      'no contact at all',
      { ...draft, clientEmail: undefined, clientPhone: undefined },
      'clientEmail',
      MESSAGES.contactRequired,
    ],
    [
      'a change without a reason',
      { ...changed, profileChangeReason: '  ' },
      'profileChangeReason',
      MESSAGES.changeReasonRequired,
    ],
    [
      'a change without acknowledgement',
      { ...changed, riskAcknowledged: false },
      'riskAcknowledged',
      MESSAGES.acknowledgementRequired,
    ],
    [
      'a change with acknowledgement left out',
      { ...changed, riskAcknowledged: undefined },
      'riskAcknowledged',
      MESSAGES.acknowledgementRequired,
    ],
    [
      'profileChanged claimed without a different profile',
      { ...draft, profileChanged: true },
      'profileChanged',
      'profileChanged must be true exactly when selectedProfile differs from originalProfile.',
    ],
    [
      'a different profile not flagged as changed',
      { ...changed, profileChanged: false },
      'profileChanged',
      'profileChanged must be true exactly when selectedProfile differs from originalProfile.',
    ],
    [
      'an invalid email',
      { ...draft, clientEmail: 'jo@' },
      'clientEmail',
      'Please enter a valid email address.',
    ],
    ['a long name', { ...draft, clientName: 'x'.repeat(201) }, 'clientName', expect.any(String)],
    [
      'a malformed phone',
      { ...draft, clientPhone: '04-12' },
      'clientPhone',
      'Please enter a valid mobile number.',
    ],
    [
      'a landline for a phone',
      { ...draft, clientPhone: '02 9876 5432' },
      'clientPhone',
      'Please enter a valid mobile number.',
    ],
    ['a reserved adviser slug', { ...draft, adviserSlug: 'admin' }, 'adviserSlug', expect.any(String)],
    ['a link id that is not one', { ...draft, linkId: 'link-1' }, 'linkId', 'The link id is not valid.'],
    ['a score below 12', { ...draft, riskScore: 11 }, 'riskScore', expect.any(String)],
    ['a score above 60', { ...draft, riskScore: 61 }, 'riskScore', expect.any(String)],
    [
      'an unknown profile',
      { ...draft, selectedProfile: 'Aggressive' },
      'selectedProfile',
      expect.any(String),
    ],
    [
      'a signature that is not a placeholder',
      { ...draft, signatureData: 'data:image/png' },
      'signatureData',
      expect.any(String),
    ],
    ['a long session id', { ...draft, sessionId: 's'.repeat(101) }, 'sessionId', expect.any(String)],
    ['an unknown device', { ...draft, deviceType: 'watch' }, 'deviceType', expect.any(String)],
    [
      'long exclusions',
      { ...draft, investmentExclusions: 'x'.repeat(5001) },
      'investmentExclusions',
      expect.any(String),
    ],
    [
      'a long change reason',
      { ...changed, profileChangeReason: 'x'.repeat(2001) },
      'profileChangeReason',
      expect.any(String),
    ],
  ])('refuses %s', (_, body, path, message) => {
    expect(issuesOf(body)).toEqual([{ path, message }]);
  });

  it('refuses a missing answer', () => {
    const { q18: _, ...incomplete } = responses;
    expect(issuesOf({ ...draft, responses: incomplete }).map((issue) => issue.path)).toEqual([
      'responses.q18',
    ]);
  });

  it('reports both the missing reason and the missing acknowledgement', () => {
    expect(issuesOf({ ...changed, profileChangeReason: null, riskAcknowledged: false })).toEqual([
      { path: 'profileChangeReason', message: MESSAGES.changeReasonRequired },
      { path: 'riskAcknowledged', message: MESSAGES.acknowledgementRequired },
    ]);
  });

  it('caps the consistency warnings at one per rule', () => {
    const warning = { id: 'x', title: 't', explanation: 'e', suggestion: 's', questions: [1, 9] };
    const withWarnings = (count: number) => ({ ...draft, consistencyWarnings: Array(count).fill(warning) });
    expect(draftAssessmentBodySchema.safeParse(withWarnings(6)).success).toBe(true);
    expect(issuesOf(withWarnings(7)).map((issue) => issue.path)).toEqual(['consistencyWarnings']);
  });
});

describe('signAssessmentBodySchema', () => {
  it.each([
    [{ confirmed: true }, { investmentExclusions: '', investmentPreferences: '', confirmed: true }],
    [
      { investmentExclusions: ' tobacco ', investmentPreferences: 'renewables', confirmed: true },
      { investmentExclusions: 'tobacco', investmentPreferences: 'renewables', confirmed: true },
    ],
  ])('accepts %j', (body, parsed) => {
    expect(signAssessmentBodySchema.parse(body)).toEqual(parsed);
  });

  it.each([
    [{ confirmed: false }, 'confirmed', MESSAGES.confirmationRequired],
    [{}, 'confirmed', MESSAGES.confirmationRequired],
    [{ confirmed: 'true' }, 'confirmed', MESSAGES.confirmationRequired],
    [
      { confirmed: true, investmentPreferences: 'x'.repeat(5001) },
      'investmentPreferences',
      expect.any(String),
    ],
  ])('refuses %j', (body, path, message) => {
    const issues = signAssessmentBodySchema.safeParse(body).error?.issues ?? [];
    expect(issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))).toEqual([
      { path, message },
    ]);
  });
});

describe('assessmentSchema', () => {
  const stored = {
    id: '0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11',
    clientName: 'Jo Client',
    clientEmail: 'jo@example.com',
    clientPhone: null,
    responses,
    riskScore: 36,
    riskGroup: 3,
    percentile: 30,
    originalProfile: 'Balanced',
    selectedProfile: 'Balanced',
    profileChanged: false,
    profileChangeReason: null,
    consistencyWarnings: [],
    adviserSlug: 'demo-adviser',
    investmentExclusions: '',
    investmentPreferences: '',
    createdAt: '2026-01-10T09:00:00.000Z',
  };
  const signature = {
    signedAt: '2026-01-10T09:05:00.000Z',
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    digest: 'a'.repeat(64),
  };

  it.each([
    ['a draft', { ...stored, status: 'draft', signedAt: null, signature: null }, true],
    ['a signed assessment', { ...stored, status: 'signed', signedAt: signature.signedAt, signature }, true],
    [
      'a signed assessment without signature',
      { ...stored, status: 'signed', signedAt: null, signature: null },
      false,
    ],
    [
      'a draft with a signature',
      { ...stored, status: 'draft', signedAt: signature.signedAt, signature },
      false,
    ],
    [
      'an upper-case digest',
      {
        ...stored,
        status: 'signed',
        signedAt: signature.signedAt,
        signature: { ...signature, digest: 'A'.repeat(64) },
      },
      false,
    ],
    [
      'a group out of range',
      { ...stored, riskGroup: 6, status: 'draft', signedAt: null, signature: null },
      false,
    ],
    [
      'a percentile of 100',
      { ...stored, percentile: 100, status: 'draft', signedAt: null, signature: null },
      false,
    ],
  ])('%s valid: %s', (_, assessment, valid) => {
    expect(assessmentSchema.safeParse(assessment).success).toBe(valid);
  });
});
