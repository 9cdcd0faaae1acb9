import { assessmentSchema } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { evolve, initialState } from '../domain/assessment.state';
import { draftedEvent, signedEvent } from '../testing/domain-fixtures';
import { toAssessmentResponse } from './to-assessment-response';

const [draftSchema, signedSchema] = assessmentSchema.options;
const drafted = draftedEvent();
const draftState = evolve(initialState(), drafted);
const signedState = evolve(draftState, signedEvent(drafted));

// A field added to the contract fails here until the response carries it, in the contract's order.
describe('the HTTP view of an assessment', () => {
  it('carries every field of the draft contract, in its order', () => {
    const response = toAssessmentResponse(draftState);
    expect(Object.keys(response)).toEqual(Object.keys(draftSchema.shape));
    expect(draftSchema.parse(response)).toEqual(response);
  });

  it('carries every field of the signed contract and of its signature, in their order', () => {
    const response = toAssessmentResponse(signedState);
    expect(Object.keys(response)).toEqual(Object.keys(signedSchema.shape));
    expect(Object.keys(response.signature ?? {})).toEqual(Object.keys(signedSchema.shape.signature.shape));
    expect(signedSchema.parse(response)).toEqual(response);
  });

  it('shows what the client signed in place of what the draft held', () => {
    expect(toAssessmentResponse(signedState)).toMatchObject({
      status: 'signed',
      investmentExclusions: 'Tobacco',
      investmentPreferences: 'Renewable energy',
    });
    expect(toAssessmentResponse(draftState)).toMatchObject({ investmentExclusions: '', signature: null });
  });
});
