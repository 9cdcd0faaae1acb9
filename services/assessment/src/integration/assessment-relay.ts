import { ASSESSMENT_LIFECYCLE_TOPIC } from '@risk-profile/contracts';
import {
  type PlatformDeps,
  PostgresCheckpointStore,
  type Relay,
  type RoutedMessage,
  type StoredEvent,
  startRelay,
  streamHistory,
} from '@risk-profile/platform';
import type { SubjectIndex } from '../data-protection/subject-index';
import type { AssessmentEvent } from '../domain/assessment.events';
import { toLifecycleEvent } from './lifecycle-events';

export const ASSESSMENT_RELAY_NAME = 'assessment-lifecycle';

const isAssessmentStream = (streamId: string) => streamId.startsWith('assessment-');

/**
 * The messages for one stored event: its lifecycle integration event, keyed by assessment id so
 * one assessment's events stay in order, with the stored event id as message id for dedupe.
 * `upTo` gives the stream up to the event, so a signed event carries the snapshot of what was
 * signed.
 */
export async function routeAssessmentEvent(
  event: StoredEvent,
  upTo: (event: StoredEvent) => Promise<StoredEvent[]>,
): Promise<RoutedMessage[]> {
  if (!isAssessmentStream(event.streamId)) return [];
  const upToEvent = await upTo(event);
  const lifecycle = toLifecycleEvent(event, upToEvent);
  if (lifecycle === undefined) return [];
  return [
    {
      topic: ASSESSMENT_LIFECYCLE_TOPIC,
      message: {
        id: event.id,
        key: lifecycle.data.assessmentId,
        value: lifecycle,
        headers: { 'event-type': lifecycle.type, 'event-version': String(lifecycle.version) },
      },
    },
  ];
}

/**
 * Publishes every assessment event, from the relay's checkpoint on, until stopped. `deps.eventStore`
 * is the protected store (data-protection/), so the relay reads plain values, and the erased
 * marker once an assessment's key is gone. Each event is applied to the subject index first
 * (idempotently), which makes up an index write lost between an append and its index update.
 */
export async function startAssessmentRelay(deps: PlatformDeps, index: SubjectIndex): Promise<Relay> {
  const checkpoints = await PostgresCheckpointStore.create(deps.sql);
  // The relay has usually just routed a signed assessment's draft: that is the history it needs.
  const upTo = streamHistory({ readStream: (streamId) => deps.eventStore.readStream(streamId) });
  return startRelay({
    name: ASSESSMENT_RELAY_NAME,
    store: deps.eventStore,
    bus: deps.bus,
    checkpoints,
    logger: deps.logger,
    pollIntervalMs: deps.pollIntervalMs,
    route: async (event) => {
      if (isAssessmentStream(event.streamId)) {
        await index.apply({ type: event.type, data: event.data } as AssessmentEvent);
      }
      return routeAssessmentEvent(event, upTo);
    },
  });
}
