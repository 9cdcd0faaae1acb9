import {
  ingestQuestionEventsEndpoint,
  QUESTION_EVENTS_TOPIC,
  type QuestionEventRecordedV1,
} from '@risk-profile/contracts';
import { type EventBus, parseBody } from '@risk-profile/platform';
import type { Express } from 'express';
import { questionEventId } from './question-event-id';

/**
 * POST /api/analytics/question: one event or `{ events }`. Validates, publishes each event keyed
 * by its analytics session (one session's events stay in order on one partition) and answers 202
 * with the count. Nothing else happens on the request path: the projector writes ClickHouse.
 */
export function mountIngestQuestionEvents(app: Express, deps: { bus: EventBus; clock: () => Date }): void {
  app.post(ingestQuestionEventsEndpoint.path, async (req, res) => {
    const events = parseBody(ingestQuestionEventsEndpoint, req.body);
    const receivedAt = deps.clock().toISOString();
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
