import {
  CURRENT_QUESTIONNAIRE_VERSION,
  compareProfiles,
  type DerivedAssessment,
  type DeviceType,
  type DraftAssessmentBody,
  isComplete,
} from '@risk-profile/contracts';
import type { AssessmentState } from './assessment-state';

export interface DraftContext {
  derived: DerivedAssessment;
  /** Sent only when the adviser exists, so an unknown address never blocks the client. */
  adviserSlug: string | null;
  /** The questionnaire link the client arrived by, if any (lib/link-arrival). */
  linkId: string | null;
  sessionId: string;
  deviceType: DeviceType;
  now: number;
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The body of POST /api/assessments. The original page omitted the phone on the YES path, but the
 * service needs an email or a phone on every draft, so a given phone is always sent: a client
 * who gave only a mobile number must be able to agree with their profile.
 */
export function buildDraftBody(state: AssessmentState, context: DraftContext): DraftAssessmentBody {
  if (!isComplete(state.responses)) throw new Error('A draft needs every question answered');
  const { derived } = context;
  const selectedProfile =
    state.agreement === 'no' && state.selectedProfile !== null
      ? state.selectedProfile
      : derived.originalProfile;
  const profileChanged = compareProfiles(selectedProfile, derived.originalProfile) !== 'same';
  return {
    clientName: state.client.name.trim(),
    clientEmail: orNull(state.client.email),
    clientPhone: orNull(state.client.phone),
    // The version this page bundles and showed: the service refuses (409) once another is current.
    questionnaireVersion: CURRENT_QUESTIONNAIRE_VERSION,
    responses: state.responses,
    riskScore: derived.riskScore,
    originalProfile: derived.originalProfile,
    selectedProfile,
    profileChanged,
    profileChangeReason: profileChanged ? state.changeReason.trim() : null,
    riskAcknowledged: profileChanged && state.riskAcknowledged,
    capacityAcknowledged: state.capacityAcknowledged,
    investmentExclusions: state.exclusions,
    investmentPreferences: state.preferences,
    consistencyWarnings: derived.consistencyWarnings,
    consistencyNotes: state.consistencyNotes,
    adviserSlug: context.adviserSlug,
    linkId: context.linkId,
    signatureData: `draft_${context.now}`,
    sessionId: context.sessionId,
    deviceType: context.deviceType,
  };
}
