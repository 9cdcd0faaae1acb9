import {
  type AssessmentLifecycleTopicEvent,
  assessmentDraftedV1,
  assessmentErasedV1,
  assessmentLifecycleTopicSchema,
  assessmentSignedV1,
  pickFields,
  questionnaireVersionOf,
} from '@risk-profile/contracts';
import type { StoredEvent } from '@risk-profile/platform';
import { capacityOfState } from '../domain/assessment.capacity';
import type {
  AssessmentErased,
  AssessmentEvent,
  AssessmentProcessingRestricted,
} from '../domain/assessment.events';
import type { AssessmentState } from '../domain/assessment.state';
import { evolve, initialState } from '../domain/assessment.state';

/** What tells one lifecycle event from another: the rest is the envelope every one of them shares. */
type EventContent<E extends AssessmentLifecycleTopicEvent = AssessmentLifecycleTopicEvent> = E extends unknown
  ? Pick<E, 'type' | 'version' | 'occurredAt' | 'data'>
  : never;

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
  const content = eventContent(stored, state);
  if (content === undefined) return undefined;
  return assessmentLifecycleTopicSchema.parse({
    id: stored.id,
    correlationId: stringOr(stored.metadata.correlationId, stored.id),
    causationId: typeof stored.metadata.causationId === 'string' ? stored.metadata.causationId : null,
    ...content,
  } satisfies AssessmentLifecycleTopicEvent);
}

// Each event's data is its contract's fields taken from the assessment as stored.
function eventContent(stored: StoredEvent, state: AssessmentState): EventContent | undefined {
  const event = stored as StoredEvent<AssessmentEvent['type']>;
  switch (event.type) {
    case 'AssessmentDrafted': {
      if (state.status !== 'draft') throw new Error(`${stored.streamId}: drafted event without a draft`);
      const a = state.assessment;
      const data = pickFields(assessmentDraftedV1.shape.data, {
        ...a,
        questionnaireVersion: questionnaireVersionOf(a),
        capacity: capacityOfState(state),
        createdAt: a.draftedAt,
      });
      return { type: 'AssessmentDrafted', version: 1, occurredAt: a.draftedAt, data };
    }
    case 'AssessmentSigned': {
      if (state.status !== 'signed') throw new Error(`${stored.streamId}: signed event without a signature`);
      const { assessment: a, signature: s } = state;
      const data = pickFields(assessmentSignedV1.shape.data, {
        ...a,
        // What the client signed replaces what the draft held.
        ...s,
        adviser: a.adviser ?? null,
        questionnaireVersion: questionnaireVersionOf(a),
        capacity: capacityOfState(state),
        createdAt: a.draftedAt,
      });
      return { type: 'AssessmentSigned', version: 1, occurredAt: s.signedAt, data };
    }
    case 'AssessmentErased': {
      const data = pickFields(
        assessmentErasedV1.shape.data,
        (stored as StoredEvent<'AssessmentErased', AssessmentErased['data']>).data,
      );
      return { type: 'AssessmentErased', version: 1, occurredAt: data.erasedAt, data };
    }
    case 'AssessmentProcessingRestricted': {
      const { data } = stored as StoredEvent<
        'AssessmentProcessingRestricted',
        AssessmentProcessingRestricted['data']
      >;
      return {
        type: 'AssessmentProcessingRestricted',
        version: 1,
        occurredAt: data.restrictedAt,
        data: {
          assessmentId: data.assessmentId,
          restrictedAt: data.restrictedAt,
          retainedUntil: data.retainedUntil,
        },
      };
    }
    default:
      return undefined;
  }
}

const stringOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value : fallback;
