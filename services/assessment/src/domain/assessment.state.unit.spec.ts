import { describe, expect, it } from 'vitest';
import { draftedEvent } from '../testing/domain-fixtures';
import type { AssessmentDrafted, AssessmentSigned } from './assessment.events';
import { evolve, initialState } from './assessment.state';

const drafted: AssessmentDrafted = draftedEvent({ adviserSlug: null, sessionId: null, deviceType: null });

const signed: AssessmentSigned = {
  type: 'AssessmentSigned',
  data: {
    assessmentId: drafted.data.assessmentId,
    investmentExclusions: '',
    investmentPreferences: '',
    signedAt: '2026-01-10T09:05:00.000Z',
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    digest: 'ab'.repeat(32),
  },
};

describe('evolve', () => {
  it('starts from an assessment that does not exist', () => {
    expect(initialState()).toEqual({ status: 'initial' });
  });

  it('makes a draft from AssessmentDrafted', () => {
    expect(evolve(initialState(), drafted)).toEqual({ status: 'draft', assessment: drafted.data });
  });

  it('makes a signed assessment from AssessmentSigned on a draft', () => {
    expect([drafted, signed].reduce(evolve, initialState())).toEqual({
      status: 'signed',
      assessment: drafted.data,
      signature: signed.data,
    });
  });

  it.each([
    ['a second draft', [drafted, drafted]],
    ['a signature without a draft', [signed]],
    ['a second signature', [drafted, signed, signed]],
  ] as const)('fails loudly on a corrupted stream: %s', (_, events) => {
    expect(() => events.reduce(evolve, initialState())).toThrow();
  });
});
