import {
  ANALYTICS_PERIOD_MS,
  type AnalyticsPeriod,
  type Difficulty,
  type QuestionDifficulty,
} from '@risk-profile/contracts';

/*
 * The dashboard's definitions, as pure functions over the aggregates the ClickHouse queries
 * return (docs/analytics-schema.md states them for data teams too).
 */

/**
 * Difficulty bands from a question's average time (first view to last answer) and average answer
 * changes, over the sessions that answered it. Hard: 30 s or more, or at least one change on
 * average. Medium: 15 s or more, or at least 0.5 changes. Easy: below both.
 */
export const DIFFICULTY_THRESHOLDS = {
  hard: { averageTimeMs: 30_000, answerChanges: 1 },
  medium: { averageTimeMs: 15_000, answerChanges: 0.5 },
} as const;

/** A session inactive this long without signing counts as abandoned. */
export const ABANDONED_AFTER_MS = 30 * 60 * 1000;

export function difficultyOf(averageTimeMs: number, answerChanges: number): Difficulty {
  const { hard, medium } = DIFFICULTY_THRESHOLDS;
  if (averageTimeMs >= hard.averageTimeMs || answerChanges >= hard.answerChanges) return 'hard';
  if (averageTimeMs >= medium.averageTimeMs || answerChanges >= medium.answerChanges) return 'medium';
  return 'easy';
}

/**
 * One number to rank questions by: each measure relative to its "hard" threshold, added. The most
 * difficult question is the highest score (the lower question number on a tie), among those rated
 * medium or hard: when every question is easy, none is singled out as difficult.
 */
export function difficultyScore(averageTimeMs: number, answerChanges: number): number {
  const { hard } = DIFFICULTY_THRESHOLDS;
  return averageTimeMs / hard.averageTimeMs + answerChanges / hard.answerChanges;
}

export function mostDifficultQuestion(questions: QuestionDifficulty): string | null {
  let best: { id: string; score: number } | null = null;
  for (const q of questions) {
    if (q.answeredSessions === 0 || q.difficulty === 'easy') continue;
    const score = difficultyScore(q.averageTime, q.answerChanges);
    if (!best || score > best.score) best = { id: q.questionId, score };
  }
  return best?.id ?? null;
}

/** Rounds to one decimal, halves away from zero (as people expect on a dashboard). */
export function round1(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10;
}

/** part / whole as a percentage to one decimal; 0 when nothing was counted. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : round1((100 * part) / whole);
}

/** As `percent`, but null when nothing was counted, for a rate that would otherwise claim 0%. */
export function percentOrNull(part: number, whole: number): number | null {
  return whole === 0 ? null : percent(part, whole);
}

/** The start of the period ending at `now`, or null for all time. */
export function periodStart(period: AnalyticsPeriod, now: Date): Date | null {
  const span = ANALYTICS_PERIOD_MS[period];
  return span === null ? null : new Date(now.getTime() - span);
}
