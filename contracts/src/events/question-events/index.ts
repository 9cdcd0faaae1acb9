import { z } from 'zod';
import { questionEventRecordedV1 } from './question-event-recorded';

export * from './question-event-recorded';

/** Keyed by analytics session id, so one session's events stay in order on one partition. */
export const QUESTION_EVENTS_TOPIC = 'risk-profile.question-events.v1';

export const questionEventsTopicSchema = z.discriminatedUnion('type', [questionEventRecordedV1]);
