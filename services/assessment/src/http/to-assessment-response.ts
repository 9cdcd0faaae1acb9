import {
  type Assessment,
  assessmentSchema,
  assessmentSignatureSchema,
  pickFields,
  questionnaireVersionOf,
} from '@risk-profile/contracts';
import { capacityOfState } from '../domain/assessment.capacity';
import type { AssessmentState } from '../domain/assessment.state';

const [draftAssessmentSchema, signedAssessmentSchema] = assessmentSchema.options;

/** The contract's view of a draft or signed assessment (the response of both endpoints). */
export function toAssessmentResponse(state: AssessmentState): Assessment {
  if (state.status === 'initial') throw new Error('An assessment that does not exist has no response');
  const a = state.assessment;
  const draft = {
    ...a,
    id: a.assessmentId,
    questionnaireVersion: questionnaireVersionOf(a),
    createdAt: a.draftedAt,
    capacity: capacityOfState(state),
  };
  if (state.status === 'draft') {
    return pickFields(draftAssessmentSchema, { ...draft, status: 'draft', signedAt: null, signature: null });
  }
  const s = state.signature;
  return pickFields(signedAssessmentSchema, {
    ...draft,
    // What the client signed replaces what the draft held.
    investmentExclusions: s.investmentExclusions,
    investmentPreferences: s.investmentPreferences,
    status: 'signed',
    signedAt: s.signedAt,
    signature: pickFields(assessmentSignatureSchema, s),
  });
}
