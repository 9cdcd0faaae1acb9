import type { AssessmentState } from './assessment-state';
import type { SavedProgress } from './saved-progress.schema';

export type { SavedProgress };

export const SAVED_PROGRESS_KEY = 'risk-profile:progress:v1';

/** The saved form of the state, or null when there is nothing worth saving (welcome, success). */
export function toSavedProgress(
  state: AssessmentState,
  adviserSlug: string | null,
  now: Date,
): SavedProgress | null {
  if (state.step === 'welcome' || state.step === 'success') return null;
  return {
    version: 1,
    savedAt: now.toISOString(),
    step: state.step,
    client: state.client,
    responses: state.responses,
    currentQuestionIndex: state.currentQuestionIndex,
    consistencyIssues: state.consistencyIssues,
    consistencyNotes: state.consistencyNotes,
    agreement: state.agreement,
    selectedProfile: state.selectedProfile,
    changeReason: state.changeReason,
    riskAcknowledged: state.riskAcknowledged,
    capacityAcknowledged: state.capacityAcknowledged,
    exclusions: state.exclusions,
    preferences: state.preferences,
    assessment: state.assessment,
    signature: state.signature,
    adviserSlug,
  };
}

export function fromSavedProgress(saved: SavedProgress): AssessmentState {
  return {
    step: saved.step,
    client: saved.client,
    responses: saved.responses,
    currentQuestionIndex: saved.currentQuestionIndex,
    consistencyIssues: saved.consistencyIssues,
    consistencyNotes: saved.consistencyNotes,
    agreement: saved.agreement,
    selectedProfile: saved.selectedProfile,
    changeReason: saved.changeReason,
    riskAcknowledged: saved.riskAcknowledged,
    capacityAcknowledged: saved.capacityAcknowledged,
    exclusions: saved.exclusions,
    preferences: saved.preferences,
    assessment: saved.assessment,
    signature: saved.signature,
  };
}
