import { type Assessment, type CompleteResponses, deriveAssessment } from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';

/** Every answer in the middle: score 36, group 3 (Balanced), no consistency issues. */
export function middleResponses(overrides: Partial<CompleteResponses> = {}): CompleteResponses {
  return uniformResponses(3, overrides);
}

export function draftAssessment(overrides: Partial<Assessment> = {}): Assessment {
  const responses = middleResponses();
  const derived = deriveAssessment(responses);
  return {
    id: '0d9f3f1e-7c7a-4b8e-9a53-2f4a5b6c7d8e',
    status: 'draft',
    clientName: 'Jane Citizen',
    clientEmail: 'jane@example.com',
    clientPhone: null,
    questionnaireVersion: 1,
    responses,
    riskScore: derived.riskScore,
    riskGroup: derived.riskGroup,
    percentile: derived.percentile,
    originalProfile: derived.originalProfile,
    selectedProfile: derived.originalProfile,
    profileChanged: false,
    profileChangeReason: null,
    consistencyWarnings: [],
    adviserSlug: null,
    investmentExclusions: '',
    investmentPreferences: '',
    createdAt: '2026-11-21T10:00:00.000Z',
    signedAt: null,
    signature: null,
    ...overrides,
  } as Assessment;
}

export function signedAssessment(signedAt = '2026-11-21T10:05:00.000Z'): Assessment {
  const draft = draftAssessment();
  return {
    ...draft,
    status: 'signed',
    signedAt,
    signature: { signedAt, ipAddress: '203.0.113.7', userAgent: 'test', digest: 'a'.repeat(64) },
  } as Assessment;
}
