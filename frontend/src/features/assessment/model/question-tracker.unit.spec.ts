import { describe, expect, it } from 'vitest';
import { createTracker, recordAnswer, recordView, seedAnswered, takePending } from './question-tracker';

const t0 = Date.parse('2026-11-21T10:00:00.000Z');
const tracker = () => createTracker('session-1', 'mobile');

describe('question tracker', () => {
  it('queues a view event the first time a question is seen, and only then', () => {
    let state = recordView(tracker(), 'q1', t0);
    state = recordView(state, 'q1', t0 + 5000);
    expect(state.pending).toEqual([
      {
        sessionId: 'session-1',
        questionId: 'q1',
        questionViewedAt: '2026-11-21T10:00:00.000Z',
        questionAnsweredAt: null,
        timeSpent: 0,
        answerChanges: 0,
        finalAnswer: null,
        deviceType: 'mobile',
        questionnaireVersion: 1,
      },
    ]);
  });

  it('measures the time from first view to the answer', () => {
    const state = recordAnswer(recordView(tracker(), 'q2', t0), 'q2', 4, t0 + 12_500);
    expect(state.pending.at(-1)).toMatchObject({
      questionId: 'q2',
      questionViewedAt: '2026-11-21T10:00:00.000Z',
      questionAnsweredAt: '2026-11-21T10:00:12.500Z',
      timeSpent: 12_500,
      answerChanges: 0,
      finalAnswer: 4,
    });
  });

  it('counts changes of an earlier answer, not repeats of the same one', () => {
    let state = recordView(tracker(), 'q3', t0);
    state = recordAnswer(state, 'q3', 2, t0 + 1000);
    state = recordAnswer(state, 'q3', 2, t0 + 2000);
    state = recordAnswer(state, 'q3', 5, t0 + 3000);
    state = recordAnswer(state, 'q3', 4, t0 + 4000);
    const answers = state.pending.filter((event) => event.questionAnsweredAt !== null);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ answerChanges: 2, finalAnswer: 4, timeSpent: 4000 });
  });

  it('treats an answer to a question never reported as seen as its view too', () => {
    const state = recordAnswer(tracker(), 'q4', 3, t0);
    expect(state.pending.map((event) => [event.questionId, event.questionAnsweredAt])).toEqual([
      ['q4', null],
      ['q4', '2026-11-21T10:00:00.000Z'],
    ]);
  });

  it('hands over queued events once and keeps what it knows', () => {
    const state = recordAnswer(recordView(tracker(), 'q5', t0), 'q5', 1, t0 + 1000);
    const [sent, after] = takePending(state);
    expect(sent).toHaveLength(2);
    expect(after.pending).toEqual([]);
    expect(takePending(after)[0]).toEqual([]);
    const changed = recordAnswer(after, 'q5', 2, t0 + 9000);
    expect(changed.pending).toEqual([
      expect.objectContaining({ questionId: 'q5', answerChanges: 1, finalAnswer: 2, timeSpent: 9000 }),
    ]);
  });

  it('reports nothing for answers restored from saved progress, but counts a later change', () => {
    let state = seedAnswered(tracker(), { q1: 3, q2: 4 }, t0);
    state = recordView(state, 'q1', t0 + 100);
    expect(state.pending).toEqual([]);
    state = recordAnswer(state, 'q2', 1, t0 + 2000);
    expect(state.pending).toEqual([
      expect.objectContaining({ questionId: 'q2', answerChanges: 1, finalAnswer: 1 }),
    ]);
  });
});
