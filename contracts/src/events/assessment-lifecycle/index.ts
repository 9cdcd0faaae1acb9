import { z } from 'zod';
import { assessmentDraftedV1 } from './assessment-drafted';
import { assessmentErasedV1, assessmentProcessingRestrictedV1 } from './assessment-erasure';
import { assessmentSignedV1 } from './assessment-signed';

export * from './assessment-drafted';
export * from './assessment-erasure';
export * from './assessment-signed';

/** Keyed by assessment id, so each assessment's events stay in order on one partition. */
export const ASSESSMENT_LIFECYCLE_TOPIC = 'risk-profile.assessment-lifecycle.v1';

export const assessmentLifecycleTopicSchema = z.discriminatedUnion('type', [
  assessmentDraftedV1,
  assessmentSignedV1,
  assessmentErasedV1,
  assessmentProcessingRestrictedV1,
]);
export type AssessmentLifecycleTopicEvent = z.infer<typeof assessmentLifecycleTopicSchema>;

/** The lifecycle events that carry the assessment itself (the erasure events carry only its id). */
export type AssessmentSnapshotEvent = Extract<
  AssessmentLifecycleTopicEvent,
  { type: 'AssessmentDrafted' | 'AssessmentSigned' }
>;
export const isAssessmentSnapshot = (
  event: AssessmentLifecycleTopicEvent,
): event is AssessmentSnapshotEvent =>
  event.type === 'AssessmentDrafted' || event.type === 'AssessmentSigned';
