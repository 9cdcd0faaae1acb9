import { z } from 'zod';
import { assessmentDraftedV1 } from './assessment-drafted';
import { assessmentSignedV1 } from './assessment-signed';

export * from './assessment-drafted';
export * from './assessment-signed';

/** Keyed by assessment id, so each assessment's events stay in order on one partition. */
export const ASSESSMENT_LIFECYCLE_TOPIC = 'risk-profile.assessment-lifecycle.v1';

export const assessmentLifecycleTopicSchema = z.discriminatedUnion('type', [
  assessmentDraftedV1,
  assessmentSignedV1,
]);
export type AssessmentLifecycleTopicEvent = z.infer<typeof assessmentLifecycleTopicSchema>;
