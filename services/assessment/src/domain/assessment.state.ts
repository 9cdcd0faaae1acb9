import type { AssessmentDrafted, AssessmentEvent, AssessmentSigned } from './assessment.events';

export type DraftedAssessment = AssessmentDrafted['data'];
export type AssessmentSignature = AssessmentSigned['data'];

export type AssessmentState =
  | { status: 'initial' }
  | { status: 'draft'; assessment: DraftedAssessment }
  | { status: 'signed'; assessment: DraftedAssessment; signature: AssessmentSignature };

export const initialState = (): AssessmentState => ({ status: 'initial' });

/**
 * Folds one stored event. Events are facts already accepted by `decide`, so an event that does not
 * fit the state means a corrupted stream: fail loudly rather than guess.
 */
export function evolve(state: AssessmentState, event: AssessmentEvent): AssessmentState {
  switch (event.type) {
    case 'AssessmentDrafted':
      if (state.status !== 'initial') throw new Error(`AssessmentDrafted on a ${state.status} assessment`);
      return { status: 'draft', assessment: event.data };
    case 'AssessmentSigned':
      if (state.status !== 'draft') throw new Error(`AssessmentSigned on a ${state.status} assessment`);
      return { status: 'signed', assessment: state.assessment, signature: event.data };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown assessment event ${(unknown as { type: string }).type}`);
    }
  }
}
