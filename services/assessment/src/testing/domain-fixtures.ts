import { QUESTIONNAIRE_V1 } from '@risk-profile/contracts';
import type { DraftAssessment, SignAssessment } from '../domain/assessment.decider';
import { decide } from '../domain/assessment.decider';
import type { AssessmentDrafted, AssessmentSigned } from '../domain/assessment.events';
import { evolve, initialState } from '../domain/assessment.state';
import { adviserContact, consistentResponses } from './fixtures';

/** The ids and times every domain fixture shares, so tests can name them in expectations. */
export const FIXTURE = {
  assessmentId: '0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11',
  draftedAt: new Date('2026-01-10T09:00:00.000Z'),
  signedAt: new Date('2026-01-10T09:05:00.000Z'),
  digest: 'ab'.repeat(32),
} as const;

/** A client who chose Growth over the Balanced profile and acknowledged both warnings. */
export const CHOSE_GROWTH = {
  selectedProfile: 'Growth',
  profileChanged: true,
  profileChangeReason: 'Long horizon.',
  riskAcknowledged: true,
  // Growth needs 7 years; every answer 3 gives 5 to 7.
  capacityAcknowledged: true,
} as const;

/** The client and what the server derives from the YES path's answers, as the draft holds them. */
export const YES_PATH_DRAFT = {
  clientName: 'Jo Client',
  clientEmail: 'jo@example.com',
  clientPhone: null,
  responses: consistentResponses(),
  riskScore: 36,
  riskGroup: 3,
  percentile: 18,
  originalProfile: 'Balanced',
} as const;

/** Score 36, Balanced, as the page sends it on the YES path. */
export function draftCommand(overrides: Partial<DraftAssessment['data']> = {}): DraftAssessment {
  return {
    type: 'DraftAssessment',
    data: {
      assessmentId: FIXTURE.assessmentId,
      clientName: 'Jo Client',
      clientEmail: 'jo@example.com',
      clientPhone: null,
      questionnaireVersion: 1,
      questionnaire: QUESTIONNAIRE_V1,
      responses: consistentResponses(),
      riskScore: 36,
      originalProfile: 'Balanced',
      selectedProfile: 'Balanced',
      profileChanged: false,
      profileChangeReason: null,
      riskAcknowledged: false,
      capacityAcknowledged: false,
      consistencyWarnings: [],
      investmentExclusions: '',
      investmentPreferences: '',
      adviserSlug: 'demo-adviser',
      adviser:
        overrides.adviserSlug === null ? null : adviserContact(overrides.adviserSlug ?? 'demo-adviser'),
      linkId: null,
      sessionId: 'session-1',
      deviceType: 'mobile',
      draftedAt: FIXTURE.draftedAt,
      ...overrides,
    },
  };
}

export function signCommand(overrides: Partial<SignAssessment['data']> = {}): SignAssessment {
  const data: SignAssessment['data'] = {
    assessmentId: FIXTURE.assessmentId,
    investmentExclusions: 'Tobacco',
    investmentPreferences: 'Renewable energy',
    confirmed: true,
    capacityAcknowledged: false,
    questionnaireVersion: 1,
    currentQuestionnaireVersion: 1,
    signedAt: FIXTURE.signedAt,
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    digest: FIXTURE.digest,
    ...overrides,
  };
  return { type: 'SignAssessment', data };
}

/** The AssessmentDrafted the decider makes of `draftCommand(overrides)`. */
export const draftedEvent = (overrides: Partial<DraftAssessment['data']> = {}): AssessmentDrafted =>
  decide(draftCommand(overrides), initialState())[0] as AssessmentDrafted;

/** The AssessmentSigned the decider makes of `signCommand(overrides)` on `drafted`. */
export const signedEvent = (
  drafted: AssessmentDrafted = draftedEvent(),
  overrides: Partial<SignAssessment['data']> = {},
): AssessmentSigned => decide(signCommand(overrides), evolve(initialState(), drafted))[0] as AssessmentSigned;
