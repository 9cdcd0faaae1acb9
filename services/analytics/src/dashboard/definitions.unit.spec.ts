import { describe, expect, it } from 'vitest';
import * as definitions from './definitions';

const { difficultyOf, mostDifficultQuestion, percent, percentOrNull, periodStart, round1 } = definitions;

// The pure parts of the definitions. The counts behind them (drop-off, completion, time, answer
// changes, abandonment at 30 minutes, periods) are checked on hand-built sessions through the
// ClickHouse queries in dashboard-definitions.int.spec.ts.

const question = (questionId: string, averageTime: number, answerChanges: number, answeredSessions = 3) => ({
  questionId,
  difficulty: difficultyOf(averageTime, answerChanges),
  averageTime,
  answerChanges,
  medianTime: averageTime,
  answeredSessions,
  answerChangesCompleted: null,
  answerChangesAbandoned: null,
});

describe('difficulty bands', () => {
  it.each([
    [0, 0, 'easy'],
    [14_999, 0.4, 'easy'],
    [15_000, 0, 'medium'],
    [1_000, 0.5, 'medium'],
    [29_999, 0.9, 'medium'],
    [30_000, 0, 'hard'],
    [1_000, 1, 'hard'],
  ] as const)('%i ms with %d changes is %s', (time, changes, band) => {
    expect(difficultyOf(time, changes)).toBe(band);
  });
});

describe('most difficult question', () => {
  it('is the highest combined score, the lower question on a tie', () => {
    expect(
      mostDifficultQuestion([
        question('q1', 10_000, 0.2),
        question('q2', 40_000, 0),
        question('q3', 10_000, 1),
      ]),
    ).toBe('q2');
    expect(mostDifficultQuestion([question('q4', 30_000, 0), question('q5', 0, 1)])).toBe('q4');
  });

  it('is a question rated harder than easy, ahead of easy ones and null when every one is easy', () => {
    expect(mostDifficultQuestion([question('q1', 14_000, 0.4), question('q2', 15_000, 0)])).toBe('q2');
    expect(mostDifficultQuestion([question('q1', 14_999, 0.4), question('q2', 1_000, 0)])).toBeNull();
  });

  it('is null with no answered question (empty data)', () => {
    expect(mostDifficultQuestion([])).toBeNull();
    expect(mostDifficultQuestion([question('q1', 0, 0, 0)])).toBeNull();
  });
});

describe('rates', () => {
  it('are percentages to one decimal', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(1, 2)).toBe(50);
  });

  it('is 0, not NaN, with nothing counted', () => {
    expect(percent(0, 0)).toBe(0);
  });

  it('is null with nothing counted where a rate must not claim 0%', () => {
    expect(percentOrNull(0, 0)).toBeNull();
    expect(percentOrNull(0, 4)).toBe(0);
    expect(percentOrNull(1, 3)).toBe(33.3);
  });

  it('rounds halves away from zero', () => {
    expect(round1(0.25)).toBe(0.3);
    expect(round1(1.05)).toBe(1.1);
    expect(round1(2)).toBe(2);
  });
});

describe('periods', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');
  it.each([
    ['24h', '2026-11-21T12:00:00.000Z'],
    ['7d', '2026-11-15T12:00:00.000Z'],
    ['30d', '2026-10-23T12:00:00.000Z'],
  ] as const)('%s starts at %s', (period, start) => {
    expect(periodStart(period, now)?.toISOString()).toBe(start);
  });

  it('all has no start', () => {
    expect(periodStart('all', now)).toBeNull();
  });
});
