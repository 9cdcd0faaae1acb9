import {
  ingestQuestionEventsEndpoint,
  isQuestionEventBatch,
  QUESTION_EVENTS_TOPIC,
  type QuestionEventRecordedV1,
  questionEventTimesOutside,
} from '@risk-profile/contracts';
import { type EventBus, httpError, parseBody } from '@risk-profile/platform';
import type { Express } from 'express';
import { questionEventId } from './question-event-id';

/**
 * POST /api/analytics/question: one event or `{ events }`. Validates (times within
 * QUESTION_EVENT_MAX_AGE_MS before and QUESTION_EVENT_MAX_AHEAD_MS after the clock), publishes each event keyed
 * by its analytics session (one session's events stay in order on one partition) and answers 202
 * with the count. Nothing else happens on the request path: the projector writes ClickHouse.
 */
export function mountIngestQuestionEvents(app: Express, deps: { bus: EventBus; clock: () => Date }): void {
  app.post(ingestQuestionEventsEndpoint.path, async (req, res) => {
    const events = parseBody(ingestQuestionEventsEndpoint, req.body);
    const now = deps.clock();
    // One time outside the window refuses the batch, as any other invalid event does.
    const outside = questionEventTimesOutside(events, now, isQuestionEventBatch(req.body));
    if (outside.length > 0)
      throw httpError.badRequest(`${outside[0]!.path}: ${outside[0]!.message}`, outside);
    const receivedAt = now.toISOString();
    const correlationId = String(res.locals.requestId ?? req.header('x-request-id') ?? 'ingest');
    await deps.bus.publish(
      QUESTION_EVENTS_TOPIC,
      events.map((event) => {
        const id = questionEventId(event);
        const value: QuestionEventRecordedV1 = {
          id,
          type: 'QuestionEventRecorded',
          version: 1,
          occurredAt: receivedAt,
          correlationId,
          causationId: null,
          data: { ...event, receivedAt },
        };
        return { id, key: event.sessionId, value };
      }),
    );
    res.status(202).json({ accepted: events.length });
  });
}
