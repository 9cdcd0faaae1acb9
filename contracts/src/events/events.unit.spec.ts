import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uniformResponses } from '../testing';
import {
  integrationEventEnvelope,
  integrationEventKey,
  isTopic,
  parseIntegrationEvent,
  TOPICS,
  topicOf,
  UnknownTopicError,
} from './index';

const ASSESSMENT_ID = '0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11';
const responses = uniformResponses();

const envelope = {
  id: '6f1c1d3e-5b7a-4c2e-8f00-2a9d4b1e7c55',
  occurredAt: '2026-01-10T09:05:00.000Z',
  correlationId: 'req-123',
  causationId: null,
};

const client = { clientName: 'Jo Client', clientEmail: 'jo@example.com', clientPhone: null };

const drafted = {
  ...envelope,
  type: 'AssessmentDrafted',
  version: 1,
  data: {
    assessmentId: ASSESSMENT_ID,
    ...client,
    adviserSlug: 'demo-adviser',
    riskScore: 36,
    riskGroup: 3,
    originalProfile: 'Balanced',
    selectedProfile: 'Balanced',
    profileChanged: false,
    sessionId: 's-1',
    deviceType: 'mobile',
    createdAt: '2026-01-10T09:00:00.000Z',
  },
};

const signed = {
  ...envelope,
  type: 'AssessmentSigned',
  version: 1,
  causationId: 'command-9',
  data: {
    assessmentId: ASSESSMENT_ID,
    ...client,
    responses,
    riskScore: 36,
    riskGroup: 3,
    percentile: 30,
    originalProfile: 'Balanced',
    selectedProfile: 'Growth',
    profileChanged: true,
    profileChangeReason: 'Long horizon.',
    riskAcknowledged: true,
    consistencyWarnings: [],
    investmentExclusions: 'tobacco',
    investmentPreferences: '',
    adviserSlug: null,
    adviser: null,
    signedAt: '2026-01-10T09:05:00.000Z',
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    digest: 'ab'.repeat(32),
    sessionId: null,
    deviceType: null,
    createdAt: '2026-01-10T09:00:00.000Z',
  },
};

const linkRequested = {
  ...envelope,
  type: 'QuestionnaireLinkRequested',
  version: 1,
  data: {
    linkId: 'link-1',
    adviserId: 'adviser-1',
    adviserSlug: 'demo-adviser',
    adviserName: 'Alex Morgan',
    companyName: 'Harbour Wealth Partners',
    ...client,
    method: 'email',
    url: 'http://localhost:3000/demo-adviser?token=abc',
    expiresAt: '2026-01-24T09:05:00.000Z',
  },
};

const questionRecorded = {
  ...envelope,
  type: 'QuestionEventRecorded',
  version: 1,
  data: {
    sessionId: 's-1',
    questionId: 'q1',
    questionViewedAt: '2026-01-10T09:00:00.000Z',
    questionAnsweredAt: null,
    timeSpent: 0,
    answerChanges: 0,
    finalAnswer: null,
    deviceType: 'desktop',
    receivedAt: '2026-01-10T09:00:00.100Z',
  },
};

const invitationRequested = {
  ...envelope,
  type: 'AccountInvitationRequested',
  version: 1,
  data: {
    accountId: 'account-1',
    kind: 'invitation',
    recipientEmail: 'jane@example.com',
    recipientName: 'Jane Smith',
    companyName: 'Smith Advice',
    url: 'https://risk.example.com/set-password?token=abc',
    expiresAt: '2026-01-13T09:00:00.000Z',
  },
};

const HOUSEHOLD_ID = '6f1c2a4e-8d3b-4c5a-9e7f-1a2b3c4d5e6f';
const householdCreated = {
  ...envelope,
  type: 'HouseholdCreated',
  version: 1,
  data: {
    householdId: HOUSEHOLD_ID,
    adviserSlug: 'jo-adviser',
    name: 'The Smiths',
    members: [
      {
        memberId: '0b6e5d4c-3a2b-4c1d-8e9f-0a1b2c3d4e5f',
        name: 'Jane Smith',
        email: 'jane@example.com',
        phone: null,
        linkId: 'link-2',
        inPerson: false,
      },
    ],
    createdAt: '2026-01-10T09:00:00.000Z',
  },
};

describe('integrationEventEnvelope', () => {
  const pinged = integrationEventEnvelope('Pinged', 2, z.object({ n: z.int() }));
  const valid = { ...envelope, type: 'Pinged', version: 2, data: { n: 1 } };

  it('accepts a well-formed event', () => {
    expect(pinged.parse(valid)).toEqual(valid);
  });

  it.each([
    ['a non-uuid id', { id: 'abc' }, 'id'],
    ['another type', { type: 'Ponged' }, 'type'],
    ['another version', { version: 1 }, 'version'],
    ['a non-ISO time', { occurredAt: '10/01/2026' }, 'occurredAt'],
    ['an empty correlation id', { correlationId: '' }, 'correlationId'],
    ['a missing causation id', { causationId: undefined }, 'causationId'],
    ['bad data', { data: { n: 'one' } }, 'data.n'],
  ])('refuses %s', (_, change, path) => {
    const issues = pinged.safeParse({ ...valid, ...change }).error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join('.'))).toEqual([path]);
  });
});

describe('parseIntegrationEvent', () => {
  it.each([
    [TOPICS.assessmentLifecycle, drafted, ASSESSMENT_ID],
    [TOPICS.assessmentLifecycle, signed, ASSESSMENT_ID],
    [TOPICS.questionnaireLinks, linkRequested, 'link-1'],
    [TOPICS.questionEvents, questionRecorded, 's-1'],
    [TOPICS.accountInvitations, invitationRequested, 'account-1'],
    [TOPICS.households, householdCreated, HOUSEHOLD_ID],
  ])('reads event %# from its topic, with its key', (topic, event, key) => {
    const parsed = parseIntegrationEvent(topic, event);
    expect(parsed).toEqual(event);
    expect(integrationEventKey(parsed)).toBe(key);
    expect(topicOf(parsed)).toBe(topic);
  });

  it.each([
    ['an unknown type', TOPICS.assessmentLifecycle, { ...drafted, type: 'AssessmentDeclined' }],
    ['a type from another topic', TOPICS.questionEvents, drafted],
    ['an unknown version', TOPICS.assessmentLifecycle, { ...signed, version: 2 }],
    [
      'a signed event with a short digest',
      TOPICS.assessmentLifecycle,
      { ...signed, data: { ...signed.data, digest: 'ab' } },
    ],
    [
      'a link without a usable url',
      TOPICS.questionnaireLinks,
      { ...linkRequested, data: { ...linkRequested.data, url: 'nope' } },
    ],
    [
      'a question event without receivedAt',
      TOPICS.questionEvents,
      { ...questionRecorded, data: { ...questionRecorded.data, receivedAt: undefined } },
    ],
    ['a non-object', TOPICS.questionEvents, 'QuestionEventRecorded'],
    [
      'an account link of an unknown kind',
      TOPICS.accountInvitations,
      { ...invitationRequested, data: { ...invitationRequested.data, kind: 'welcome' } },
    ],
  ])('refuses %s', (_, topic, value) => {
    expect(() => parseIntegrationEvent(topic, value)).toThrow(z.ZodError);
  });

  it('reads a signed event published before the adviser and acknowledgement were added to it', () => {
    const { adviser: _adviser, riskAcknowledged: _acknowledged, ...older } = signed.data;
    const parsed = parseIntegrationEvent(TOPICS.assessmentLifecycle, { ...signed, data: older });
    expect(parsed.type === 'AssessmentSigned' && parsed.data.adviser).toBeNull();
    expect(parsed.type === 'AssessmentSigned' && parsed.data.riskAcknowledged).toBeUndefined();
  });

  it("carries the adviser's email on a link request, and reads one published before it was added", () => {
    const current = { ...linkRequested, data: { ...linkRequested.data, adviserEmail: 'alex@example.com' } };
    const parsed = parseIntegrationEvent(TOPICS.questionnaireLinks, current);
    expect(parsed.type === 'QuestionnaireLinkRequested' && parsed.data.adviserEmail).toBe('alex@example.com');
    const older = parseIntegrationEvent(TOPICS.questionnaireLinks, linkRequested);
    expect(older.type === 'QuestionnaireLinkRequested' && older.data.adviserEmail).toBeUndefined();
  });

  it('refuses an unknown topic', () => {
    expect(() => parseIntegrationEvent('risk-profile.assessment-lifecycle.v2', drafted)).toThrow(
      UnknownTopicError,
    );
    expect(isTopic('toString')).toBe(false);
  });
});

describe('TOPICS', () => {
  it('names each topic with its version', () => {
    expect(Object.values(TOPICS)).toEqual([
      'risk-profile.assessment-lifecycle.v1',
      'risk-profile.questionnaire-links.v1',
      'risk-profile.question-events.v1',
      'risk-profile.account-invitations.v1',
      'risk-profile.households.v1',
    ]);
    expect(Object.values(TOPICS).every(isTopic)).toBe(true);
  });
});
