import type {
  AnalyticsPeriod,
  AnalyticsSummary,
  DeviceStats,
  DeviceType,
  DropOff,
  QuestionDifficulty,
  RecentAssessments,
} from '@risk-profile/contracts';
import type { RecentAssessmentsReadModel } from '../read-model/recent-assessments.read-model';
import type { AnalyticsStore } from '../store/analytics-store.port';
import {
  ABANDONED_AFTER_MS,
  difficultyOf,
  mostDifficultQuestion,
  percent,
  periodStart,
  round1,
} from './definitions';

const toDateTime64 = (date: Date): string => date.toISOString().replace('T', ' ').replace('Z', '');
/** ClickHouse's smallest DateTime64: "all time" is a window that starts there. */
const BEGINNING = new Date(0);

/*
 * Reading question_events without FINAL is deliberate: every query groups by session (and
 * question) first with aggregates that a duplicate row cannot change (any, min, max, countIf > 0,
 * uniqExact), so a redelivered event still counts once, and the 1,000,000-row scans skip FINAL's
 * merge-on-read. The assessments table is read with FINAL: there a row is counted, not folded.
 */

/** One row per (session, question) viewed in the window: answered or not, time and changes. */
const SESSION_QUESTIONS = `
  SELECT session_id, question_number, any(question_id) AS question_id,
         countIf(answered_at IS NOT NULL) > 0 AS answered,
         max(time_spent_ms) AS time_ms,
         max(answer_changes) AS changes
  FROM {db}.question_events
  WHERE viewed_at >= {since:DateTime64(3, 'UTC')}
  GROUP BY session_id, question_number`;

/** Sessions with a signed assessment (a set: duplicates do not matter). */
const SIGNED_SESSIONS = `
  SELECT assumeNotNull(session_id) FROM {db}.assessments
  WHERE stage = 2 AND session_id IS NOT NULL`;

/** Assessments signed in the window. */
const SIGNED_IN_WINDOW = `
  SELECT session_id AS sid, device_type, toUnixTimestamp64Milli(assumeNotNull(signed_at)) AS signed_ms
  FROM {db}.assessments FINAL
  WHERE stage = 2 AND signed_at >= {since:DateTime64(3, 'UTC')}`;

/**
 * Signed assessments in the window, with the time from their session's first view (over all its
 * events) to signing; only the sessions of those assessments are scanned for first views.
 */
const COMPLETIONS = `
  SELECT a.device_type AS device_type,
         if(f.first_ms IS NULL, NULL, greatest(0, a.signed_ms - f.first_ms)) AS duration_ms
  FROM (${SIGNED_IN_WINDOW}) AS a
  LEFT JOIN (
    SELECT session_id AS sid, toUnixTimestamp64Milli(min(viewed_at)) AS first_ms
    FROM {db}.question_events
    WHERE session_id IN (SELECT assumeNotNull(sid) FROM (${SIGNED_IN_WINDOW}) WHERE sid IS NOT NULL)
    GROUP BY session_id
  ) AS f ON a.sid = f.sid
  SETTINGS join_use_nulls = 1`;

interface Window {
  since: string;
  sinceDate: Date | null;
  now: string;
  nowMs: number;
}

/**
 * The dashboard's numbers. ClickHouse aggregates (every read with FINAL, so a redelivered event
 * counts once); the definitions in definitions.ts turn the aggregates into rates and bands.
 */
export class DashboardQueries {
  constructor(
    private readonly store: AnalyticsStore,
    private readonly readModel: RecentAssessmentsReadModel,
  ) {}

  async summary(period: AnalyticsPeriod, now: Date): Promise<AnalyticsSummary> {
    const w = window(period, now);
    const [totals, funnel, time, questions] = await Promise.all([
      this.store.select<{ total: number }>(
        "SELECT count() AS total FROM {db}.assessments FINAL WHERE created_at >= {since:DateTime64(3, 'UTC')}",
        { since: w.since },
      ),
      this.store.select<{ viewed: number; completed: number }>(
        `SELECT uniqExact(session_id) AS viewed,
                uniqExactIf(session_id, session_id IN (${SIGNED_SESSIONS})) AS completed
         FROM {db}.question_events
         WHERE question_number = 1 AND viewed_at >= {since:DateTime64(3, 'UTC')}`,
        { since: w.since },
      ),
      this.store.select<{ average: number | null }>(
        `SELECT avgOrNull(duration_ms) AS average FROM (${COMPLETIONS})`,
        { since: w.since },
      ),
      this.questionAverages(w),
    ]);
    return {
      totalAssessments: totals[0]?.total ?? 0,
      completionRate: percent(funnel[0]?.completed ?? 0, funnel[0]?.viewed ?? 0),
      averageTimePerAssessment: Math.round(time[0]?.average ?? 0),
      mostDifficultQuestion: mostDifficultQuestion(questions),
    };
  }

  /** Per question, only what "most difficult" needs: the summary skips the outcome join. */
  private async questionAverages(w: Window): Promise<QuestionDifficulty> {
    const rows = await this.store.select<{
      question_id: string;
      answered_sessions: number;
      average_time: number;
      average_changes: number;
    }>(
      `SELECT any(question_id) AS question_id, countIf(answered) AS answered_sessions,
              avgIf(time_ms, answered) AS average_time, avgIf(changes, answered) AS average_changes
       FROM (${SESSION_QUESTIONS})
       GROUP BY question_number HAVING answered_sessions > 0 ORDER BY question_number`,
      { since: w.since },
    );
    return rows.map((r) => {
      const averageTime = Math.round(r.average_time);
      const answerChanges = round1(r.average_changes);
      return {
        questionId: r.question_id,
        difficulty: difficultyOf(averageTime, answerChanges),
        averageTime,
        answerChanges,
        medianTime: 0,
        answeredSessions: r.answered_sessions,
        answerChangesCompleted: null,
        answerChangesAbandoned: null,
      };
    });
  }

  async questionDifficulty(period: AnalyticsPeriod, now: Date): Promise<QuestionDifficulty> {
    const w = window(period, now);
    const rows = await this.store.select<{
      question_id: string;
      answered: number;
      average_time: number;
      median_time: number;
      average_changes: number;
      completed: number;
      changes_completed: number | null;
      abandoned: number;
      changes_abandoned: number | null;
    }>(
      `WITH outcomes AS (
         SELECT session_id,
                if(session_id IN (${SIGNED_SESSIONS}), 'completed',
                   if(max(greatest(viewed_at, ifNull(answered_at, viewed_at))) <= {abandonedBefore:DateTime64(3, 'UTC')},
                      'abandoned', 'active')) AS outcome
         FROM {db}.question_events GROUP BY session_id
       )
       SELECT any(sq.question_id) AS question_id,
              countIf(sq.answered) AS answered,
              avgIf(sq.time_ms, sq.answered) AS average_time,
              quantileExactIf(0.5)(sq.time_ms, sq.answered) AS median_time,
              avgIf(sq.changes, sq.answered) AS average_changes,
              countIf(sq.answered AND o.outcome = 'completed') AS completed,
              avgOrNullIf(sq.changes, sq.answered AND o.outcome = 'completed') AS changes_completed,
              countIf(sq.answered AND o.outcome = 'abandoned') AS abandoned,
              avgOrNullIf(sq.changes, sq.answered AND o.outcome = 'abandoned') AS changes_abandoned
       FROM (${SESSION_QUESTIONS}) AS sq
       INNER JOIN outcomes AS o ON sq.session_id = o.session_id
       GROUP BY sq.question_number
       HAVING answered > 0
       ORDER BY sq.question_number`,
      { since: w.since, abandonedBefore: toDateTime64(new Date(w.nowMs - ABANDONED_AFTER_MS)) },
    );
    return rows.map((r) => {
      const averageTime = Math.round(r.average_time);
      const answerChanges = round1(r.average_changes);
      return {
        questionId: r.question_id,
        difficulty: difficultyOf(averageTime, answerChanges),
        averageTime,
        answerChanges,
        medianTime: Math.round(r.median_time),
        answeredSessions: r.answered,
        answerChangesCompleted:
          r.completed === 0 || r.changes_completed === null ? null : round1(r.changes_completed),
        answerChangesAbandoned:
          r.abandoned === 0 || r.changes_abandoned === null ? null : round1(r.changes_abandoned),
      };
    });
  }

  async dropOff(period: AnalyticsPeriod, now: Date): Promise<DropOff> {
    const w = window(period, now);
    // Distinct sessions per question in one grouping: no per-session fold is needed here.
    const rows = await this.store.select<{ question_id: string; viewed: number; answered: number }>(
      `SELECT any(question_id) AS question_id,
              uniqExact(session_id) AS viewed,
              uniqExactIf(session_id, answered_at IS NOT NULL) AS answered
       FROM {db}.question_events
       WHERE viewed_at >= {since:DateTime64(3, 'UTC')}
       GROUP BY question_number ORDER BY question_number`,
      { since: w.since },
    );
    return rows.map((r) => ({
      questionId: r.question_id,
      dropOffRate: percent(r.viewed - r.answered, r.viewed),
    }));
  }

  async devices(period: AnalyticsPeriod, now: Date): Promise<DeviceStats> {
    const w = window(period, now);
    const rows = await this.store.select<{ device_type: DeviceType; count: number; average: number | null }>(
      `SELECT assumeNotNull(device_type) AS device_type, count() AS count, avgOrNull(duration_ms) AS average
       FROM (${COMPLETIONS})
       WHERE device_type IS NOT NULL
       GROUP BY device_type ORDER BY count DESC, device_type`,
      { since: w.since },
    );
    return rows.map((r) => ({
      deviceType: r.device_type,
      count: r.count,
      averageCompletionTime: Math.round(r.average ?? 0),
    }));
  }

  recent(period: AnalyticsPeriod, now: Date): Promise<RecentAssessments> {
    return this.readModel.recent(window(period, now).sinceDate);
  }
}

function window(period: AnalyticsPeriod, now: Date): Window {
  const sinceDate = periodStart(period, now);
  return {
    since: toDateTime64(sinceDate ?? BEGINNING),
    sinceDate,
    now: toDateTime64(now),
    nowMs: now.getTime(),
  };
}
