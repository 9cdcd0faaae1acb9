import type { AssessmentEvent } from './assessment.events';

type DataOf<T extends AssessmentEvent['type']> = Extract<AssessmentEvent, { type: T }>['data'];
export type DraftedAssessment = DataOf<'AssessmentDrafted'>;
export type AssessmentSignature = DataOf<'AssessmentSigned'>;
export type AssessmentErasure = DataOf<'AssessmentErased'>;
export type AssessmentRestriction = DataOf<'AssessmentProcessingRestricted'>;

/**
 * An erased assessment keeps its status and non-personal figures; its personal fields read as
 * the erased marker (data-protection/personal-fields.ts). A restricted one is a signed record
 * whose erasure was refused.
 */
interface Lifecycle {
  erasure?: AssessmentErasure;
  restriction?: AssessmentRestriction;
}

export type AssessmentState =
  | { status: 'initial' }
  | ({ status: 'draft'; assessment: DraftedAssessment } & Lifecycle)
  | ({ status: 'signed'; assessment: DraftedAssessment; signature: AssessmentSignature } & Lifecycle);

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
      if (state.erasure) throw new Error('AssessmentSigned on an erased assessment');
      return { status: 'signed', assessment: state.assessment, signature: event.data };
    case 'AssessmentErased':
      if (state.status === 'initial') throw new Error('AssessmentErased on an initial assessment');
      return { ...state, erasure: event.data };
    case 'AssessmentProcessingRestricted':
      if (state.status !== 'signed')
        throw new Error(`AssessmentProcessingRestricted on a ${state.status} assessment`);
      return { ...state, restriction: event.data };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown assessment event ${(unknown as { type: string }).type}`);
    }
  }
}
