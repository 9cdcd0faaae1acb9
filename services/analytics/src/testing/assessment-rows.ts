import { randomUUID } from 'node:crypto';
import type { AssessmentRow } from '../store/analytics-store.port';

/**
 * An assessment as the projector stores it, for a Balanced profile (score 36, group 3): drafted
 * (stage 1) without `signedAt`, signed (stage 2) with it. Tests and benchmarks name the session,
 * device and times they need, and any other field they vary.
 */
export function balancedAssessment(
  fields: Pick<AssessmentRow, 'sessionId' | 'deviceType' | 'createdAt' | 'signedAt'> & Partial<AssessmentRow>,
): AssessmentRow {
  return {
    assessmentId: randomUUID(),
    stage: fields.signedAt === null ? 1 : 2,
    adviserSlug: null,
    riskScore: 36,
    riskGroup: 3,
    originalProfile: 'Balanced',
    selectedProfile: 'Balanced',
    profileChanged: false,
    // A Balanced profile for uniform middle answers fits the horizon and capacity.
    capacityWarning: fields.signedAt === null ? null : false,
    linkId: null,
    questionnaireVersion: 1,
    eventId: randomUUID(),
    ...fields,
  };
}
