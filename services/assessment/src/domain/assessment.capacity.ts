import { type CapacityRecord, capacityRecordOf, questionnaireOf } from '@risk-profile/contracts';
import type { AssessmentState, DraftedAssessment } from './assessment.state';

/**
 * The capacity record a signature covers: the draft's own (or, for a draft stored before capacity
 * was recorded, the one its answers give), acknowledged when the draft's client acknowledged its
 * warnings or acknowledges them now, at signing.
 */
export function signedCapacity(draft: DraftedAssessment, acknowledgedAtSigning: boolean): CapacityRecord {
  const record = draftCapacity(draft);
  const acknowledged = record.acknowledged || (record.warnings.length > 0 && acknowledgedAtSigning);
  return { ...record, acknowledged };
}

/** The capacity record of a draft or signed assessment, as the response and the lifecycle events carry it. */
export function capacityOfState(state: Exclude<AssessmentState, { status: 'initial' }>): CapacityRecord {
  if (state.status === 'signed' && state.signature.capacity !== undefined) return state.signature.capacity;
  return draftCapacity(state.assessment);
}

// Recomputed (for a draft stored before capacity was recorded) by the draft's own version's rule.
const draftCapacity = (draft: DraftedAssessment): CapacityRecord =>
  capacityRecordOf(draft, questionnaireOf(draft).capacity);
