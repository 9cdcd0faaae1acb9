import { deriveAssessment, draftAssessmentBodySchema } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { middleResponses } from '../testing/fixtures';
import { type AssessmentState, initialAssessmentState } from './assessment-state';
import { buildDraftBody, type DraftContext } from './draft-body';

const responses = middleResponses();
const context: DraftContext = {
  derived: deriveAssessment(responses),
  adviserSlug: 'demo-adviser',
  linkId: null,
  sessionId: 'session-1',
  deviceType: 'desktop',
  now: 1_763_719_200_000,
};
const results: AssessmentState = {
  ...initialAssessmentState,
  step: 'results',
  client: { name: ' Jane Citizen ', email: 'jane@example.com', phone: '0412 345 678' },
  responses,
};

describe('buildDraftBody', () => {
  it('takes the recommended profile on YES and passes the contract', () => {
    const body = buildDraftBody({ ...results, agreement: 'yes', selectedProfile: 'Growth' }, context);
    expect(body).toMatchObject({
      clientName: 'Jane Citizen',
      clientEmail: 'jane@example.com',
      clientPhone: '0412 345 678',
      riskScore: 36,
      originalProfile: 'Balanced',
      selectedProfile: 'Balanced',
      profileChanged: false,
      profileChangeReason: null,
      riskAcknowledged: false,
      capacityAcknowledged: false,
      adviserSlug: 'demo-adviser',
      signatureData: 'draft_1763719200000',
      sessionId: 'session-1',
      deviceType: 'desktop',
    });
    expect(draftAssessmentBodySchema.safeParse(body).success).toBe(true);
  });

  it('reports the contradiction notes shown during the questionnaire', () => {
    const consistencyNotes = [{ id: 'managing-vs-staying-invested', changedQuestions: [7] }];
    const body = buildDraftBody({ ...results, agreement: 'yes', consistencyNotes }, context);
    expect(body.consistencyNotes).toEqual(consistencyNotes);
    expect(draftAssessmentBodySchema.parse(body).consistencyNotes).toEqual(consistencyNotes);
  });

  it('names the link the client arrived by', () => {
    const linkId = '5f0c3b7e-2d4a-4c1e-9b8f-0a1b2c3d4e5f';
    const body = buildDraftBody({ ...results, agreement: 'yes' }, { ...context, linkId });
    expect(body.linkId).toBe(linkId);
    expect(draftAssessmentBodySchema.parse(body).linkId).toBe(linkId);
    expect(buildDraftBody({ ...results, agreement: 'yes' }, context).linkId).toBeNull();
  });

  it('carries a changed profile with its reason and acknowledgement', () => {
    const body = buildDraftBody(
      {
        ...results,
        agreement: 'no',
        selectedProfile: 'Growth',
        changeReason: ' Long horizon ',
        riskAcknowledged: true,
        capacityAcknowledged: true,
      },
      { ...context, adviserSlug: null },
    );
    expect(body).toMatchObject({
      selectedProfile: 'Growth',
      profileChanged: true,
      profileChangeReason: 'Long horizon',
      riskAcknowledged: true,
      capacityAcknowledged: true,
      adviserSlug: null,
    });
    expect(draftAssessmentBodySchema.safeParse(body).success).toBe(true);
  });

  it('treats NO with the recommended profile as unchanged', () => {
    const body = buildDraftBody(
      {
        ...results,
        agreement: 'no',
        selectedProfile: 'Balanced',
        changeReason: 'ignored',
        riskAcknowledged: true,
      },
      context,
    );
    expect(body).toMatchObject({ profileChanged: false, profileChangeReason: null, riskAcknowledged: false });
  });

  it('sends a blank contact field as null', () => {
    const body = buildDraftBody(
      { ...results, agreement: 'yes', client: { name: 'Jane', email: '', phone: '0412 345 678' } },
      context,
    );
    expect([body.clientEmail, body.clientPhone]).toEqual([null, '0412 345 678']);
    expect(draftAssessmentBodySchema.safeParse(body).success).toBe(true);
  });

  it('refuses to build a draft before every question is answered', () => {
    expect(() => buildDraftBody({ ...results, responses: { q1: 3 } }, context)).toThrow();
  });
});
