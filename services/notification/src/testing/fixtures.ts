import { randomUUID } from 'node:crypto';
import {
  type AnswerScore,
  type AssessmentDraftedV1,
  type AssessmentSignedV1,
  assessmentDraftedV1,
  assessmentSignedV1,
  type CompleteResponses,
  deriveAssessment,
  type ProfileName,
  type QuestionnaireLinkRequestedV1,
  type QuestionnaireVersion,
  questionnaireLinkRequestedV1,
} from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';

export const ADVISER = {
  slug: 'demo-adviser',
  adviserName: 'Alex Morgan',
  companyName: 'Harbour Wealth Partners',
  email: 'adviser@example.com',
};

/**
 * A signed assessment as the lifecycle topic carries it, with every derived figure computed by
 * the contracts from the answers (so the numbers are consistent), validated by the event schema.
 * With `questionnaire`, scored by that version and naming it; without, an event from before
 * versions (read as version 1).
 */
export function signedAssessment(
  overrides: Partial<AssessmentSignedV1['data']> & {
    score?: AnswerScore;
    responses?: CompleteResponses;
    questionnaire?: QuestionnaireVersion;
  } = {},
): AssessmentSignedV1 {
  const { score, questionnaire, ...rest } = overrides;
  const responses = overrides.responses ?? uniformResponses(score ?? 3);
  const derived = deriveAssessment(responses, questionnaire);
  const selected: ProfileName = overrides.selectedProfile ?? derived.originalProfile;
  const changed = selected !== derived.originalProfile;
  const data: AssessmentSignedV1['data'] = {
    assessmentId: randomUUID(),
    clientName: 'Jane Citizen',
    clientEmail: 'jane@example.com',
    clientPhone: '0412 345 678',
    ...(questionnaire ? { questionnaireVersion: questionnaire.version } : {}),
    responses,
    riskScore: derived.riskScore,
    riskGroup: derived.riskGroup,
    percentile: derived.percentile,
    originalProfile: derived.originalProfile,
    selectedProfile: selected,
    profileChanged: changed,
    profileChangeReason: changed ? 'I will not touch this money for fifteen years.' : null,
    riskAcknowledged: changed,
    consistencyWarnings: derived.consistencyWarnings,
    investmentExclusions: 'Tobacco and gambling',
    investmentPreferences: 'Australian shares',
    adviserSlug: ADVISER.slug,
    adviser: ADVISER,
    signedAt: '2026-11-22T04:04:00.000Z',
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    digest: 'ab'.repeat(32),
    sessionId: null,
    deviceType: 'mobile',
    createdAt: '2026-11-22T03:50:00.000Z',
    ...rest,
  };
  return assessmentSignedV1.parse({
    id: randomUUID(),
    type: 'AssessmentSigned',
    version: 1,
    occurredAt: data.signedAt,
    correlationId: 'req-1',
    causationId: null,
    data,
  });
}

export function linkRequested(
  overrides: Partial<QuestionnaireLinkRequestedV1['data']> = {},
): QuestionnaireLinkRequestedV1 {
  return questionnaireLinkRequestedV1.parse({
    id: randomUUID(),
    type: 'QuestionnaireLinkRequested',
    version: 1,
    occurredAt: '2026-11-22T04:00:00.000Z',
    correlationId: 'req-2',
    causationId: null,
    data: {
      linkId: randomUUID(),
      adviserId: randomUUID(),
      adviserSlug: ADVISER.slug,
      adviserName: ADVISER.adviserName,
      companyName: ADVISER.companyName,
      adviserEmail: ADVISER.email,
      clientName: 'Jane Citizen',
      clientEmail: 'jane@example.com',
      clientPhone: '0412 345 678',
      method: 'email',
      url: 'https://advice.example.com/demo-adviser?token=abc.def',
      expiresAt: '2026-12-06T04:00:00.000Z',
      ...overrides,
    },
  });
}

/** The envelope of an integration event of `type`: a new id, version 1, no causation. */
export const envelopeOf = (type: string, correlationId: string, occurredAt = new Date().toISOString()) => ({
  id: randomUUID(),
  type,
  version: 1,
  occurredAt,
  correlationId,
  causationId: null,
});

/** A Drafted event of a client with no adviser who answered 3 throughout, validated by its schema. */
export function draftedAssessment(
  occurredAt: string,
  data: Partial<AssessmentDraftedV1['data']> = {},
): AssessmentDraftedV1 {
  const { riskScore, riskGroup, originalProfile } = deriveAssessment(uniformResponses(3));
  return assessmentDraftedV1.parse({
    ...envelopeOf('AssessmentDrafted', 'req-draft', occurredAt),
    data: {
      assessmentId: randomUUID(),
      clientName: 'x',
      clientEmail: 'drafted@example.com',
      clientPhone: null,
      adviserSlug: null,
      riskScore,
      riskGroup,
      originalProfile,
      selectedProfile: originalProfile,
      profileChanged: false,
      sessionId: null,
      deviceType: null,
      createdAt: occurredAt,
      ...data,
    },
  });
}

/** The Drafted event an assessment's Signed one follows. */
export function draftedOf(signed: AssessmentSignedV1): AssessmentDraftedV1 {
  const d = signed.data;
  return draftedAssessment(d.createdAt, {
    assessmentId: d.assessmentId,
    clientName: d.clientName,
    clientEmail: d.clientEmail,
    clientPhone: d.clientPhone,
    adviserSlug: d.adviserSlug,
    linkId: d.linkId ?? null,
    riskScore: d.riskScore,
    riskGroup: d.riskGroup,
    originalProfile: d.originalProfile,
    selectedProfile: d.selectedProfile,
    profileChanged: d.profileChanged,
    capacity: d.capacity,
    questionnaireVersion: d.questionnaireVersion,
    deviceType: 'desktop',
  });
}
