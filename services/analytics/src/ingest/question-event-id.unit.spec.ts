import type { QuestionEvent } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { questionEventId } from './question-event-id';

const event: QuestionEvent = {
  sessionId: 's-1',
  questionId: 'q3',
  questionViewedAt: '2026-11-22T10:00:00.000Z',
  questionAnsweredAt: '2026-11-22T10:00:04.000Z',
  timeSpent: 4_000,
  answerChanges: 0,
  finalAnswer: 2,
  deviceType: 'mobile',
};

describe('question event id', () => {
  it('stays the same across versions, so an event sent before an upgrade and again after it counts once', () => {
    expect(
      questionEventId({
        sessionId: 'session-1',
        questionId: 'q3',
        questionViewedAt: '2026-11-22T03:04:05.000Z',
        questionAnsweredAt: '2026-11-22T03:04:09.500Z',
        timeSpent: 4_500,
        answerChanges: 1,
        finalAnswer: 4,
        deviceType: 'mobile',
      }),
    ).toBe('820f4657-0220-821c-a907-9a09a63f1823');
  });

  it('is a valid UUID, the same for the same event', () => {
    expect(z.uuid().safeParse(questionEventId(event)).success).toBe(true);
    expect(questionEventId({ ...event })).toBe(questionEventId(event));
  });

  it('differs when anything in the event differs (a view and its answer, a changed answer)', () => {
    const ids = new Set([
      questionEventId(event),
      questionEventId({ ...event, questionAnsweredAt: null, timeSpent: 0, finalAnswer: null }),
      questionEventId({ ...event, finalAnswer: 3, answerChanges: 1 }),
      questionEventId({ ...event, sessionId: 's-2' }),
    ]);
    expect(ids.size).toBe(4);
  });
});
