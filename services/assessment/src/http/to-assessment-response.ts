import type { Assessment } from '@risk-profile/contracts';
import type { AssessmentState } from '../domain/assessment.state';

/** The contract's view of a draft or signed assessment (the response of both endpoints). */
export function toAssessmentResponse(state: AssessmentState): Assessment {
  if (state.status === 'initial') throw new Error('An assessment that does not exist has no response');
  const a = state.assessment;
  const fields = {
    id: a.assessmentId,
    clientName: a.clientName,
    clientEmail: a.clientEmail,
    clientPhone: a.clientPhone,
    responses: a.responses,
    riskScore: a.riskScore,
    riskGroup: a.riskGroup,
    percentile: a.percentile,
    originalProfile: a.originalProfile,
    selectedProfile: a.selectedProfile,
    profileChanged: a.profileChanged,
    profileChangeReason: a.profileChangeReason,
    consistencyWarnings: a.consistencyWarnings,
    adviserSlug: a.adviserSlug,
    investmentExclusions: a.investmentExclusions,
    investmentPreferences: a.investmentPreferences,
    createdAt: a.draftedAt,
  };
  if (state.status === 'draft') return { ...fields, status: 'draft', signedAt: null, signature: null };
  const s = state.signature;
  return {
    ...fields,
    // What the client signed replaces what the draft held.
    investmentExclusions: s.investmentExclusions,
    investmentPreferences: s.investmentPreferences,
    status: 'signed',
    signedAt: s.signedAt,
    signature: { signedAt: s.signedAt, ipAddress: s.ipAddress, userAgent: s.userAgent, digest: s.digest },
  };
}
