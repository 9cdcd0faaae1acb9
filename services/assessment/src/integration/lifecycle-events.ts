import {
  type AssessmentDraftedV1,
  type AssessmentLifecycleTopicEvent,
  type AssessmentSignedV1,
  assessmentLifecycleTopicSchema,
} from '@risk-profile/contracts';
import type { StoredEvent } from '@risk-profile/platform';
import type { AssessmentEvent } from '../domain/assessment.events';
import type { AssessmentState } from '../domain/assessment.state';
import { evolve, initialState } from '../domain/assessment.state';

/**
 * The integration event for one stored event, given the stream up to and including it. The
 * envelope id is the stored event id, so a republished event is recognisably the same one and
 * consumers deduplicate on it. Returns undefined for stored events other services need not see.
 */
export function toLifecycleEvent(
  stored: StoredEvent,
  streamUpToEvent: readonly StoredEvent[],
): AssessmentLifecycleTopicEvent | undefined {
  const state = streamUpToEvent.reduce(
    (current: AssessmentState, event) =>
      evolve(current, { type: event.type, data: event.data } as AssessmentEvent),
    initialState(),
  );
  const envelope = {
    id: stored.id,
    correlationId: stringOr(stored.metadata.correlationId, stored.id),
    causationId: typeof stored.metadata.causationId === 'string' ? stored.metadata.causationId : null,
  };
  const event = stored as StoredEvent<AssessmentEvent['type']>;
  switch (event.type) {
    case 'AssessmentDrafted': {
      if (state.status !== 'draft') throw new Error(`${stored.streamId}: drafted event without a draft`);
      return assessmentLifecycleTopicSchema.parse({
        ...envelope,
        type: 'AssessmentDrafted',
        version: 1,
        occurredAt: state.assessment.draftedAt,
        data: draftedData(state.assessment),
      } satisfies AssessmentDraftedV1);
    }
    case 'AssessmentSigned': {
      if (state.status !== 'signed') throw new Error(`${stored.streamId}: signed event without a signature`);
      return assessmentLifecycleTopicSchema.parse({
        ...envelope,
        type: 'AssessmentSigned',
        version: 1,
        occurredAt: state.signature.signedAt,
        data: signedData(state),
      } satisfies AssessmentSignedV1);
    }
    default:
      return undefined;
  }
}

const stringOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value : fallback;

function draftedData(
  a: Extract<AssessmentState, { status: 'draft' }>['assessment'],
): AssessmentDraftedV1['data'] {
  return {
    assessmentId: a.assessmentId,
    clientName: a.clientName,
    clientEmail: a.clientEmail,
    clientPhone: a.clientPhone,
    adviserSlug: a.adviserSlug,
    riskScore: a.riskScore,
    riskGroup: a.riskGroup,
    originalProfile: a.originalProfile,
    selectedProfile: a.selectedProfile,
    profileChanged: a.profileChanged,
    sessionId: a.sessionId,
    deviceType: a.deviceType,
    createdAt: a.draftedAt,
  };
}

function signedData(state: Extract<AssessmentState, { status: 'signed' }>): AssessmentSignedV1['data'] {
  const { assessment: a, signature: s } = state;
  return {
    assessmentId: a.assessmentId,
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
    riskAcknowledged: a.riskAcknowledged,
    consistencyWarnings: a.consistencyWarnings,
    investmentExclusions: s.investmentExclusions,
    investmentPreferences: s.investmentPreferences,
    adviserSlug: a.adviserSlug,
    adviser: a.adviser ?? null,
    signedAt: s.signedAt,
    ipAddress: s.ipAddress,
    userAgent: s.userAgent,
    digest: s.digest,
    sessionId: a.sessionId,
    deviceType: a.deviceType,
    createdAt: a.draftedAt,
  };
}
