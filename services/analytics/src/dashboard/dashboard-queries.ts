import type {
  AnalyticsAdvisers,
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
import { toDateTime64 } from '../store/datetime64';
import { type InWindow, type Scope, type Window, window } from './dashboard-window';
import {
  ABANDONED_AFTER_MS,
  difficultyOf,
  mostDifficultQuestion,
  percent,
  percentOrNull,
  periodStart,
  round1,
} from './definitions';

type QuestionRow = QuestionDifficulty[number];

/** A question's row: its difficulty from the average time and answer changes, then the rest. */
function questionRow(
  questionId: string,
  average: { timeMs: number; changes: number },
  rest: Omit<QuestionRow, 'questionId' | 'difficulty' | 'averageTime' | 'answerChanges'>,
): QuestionRow {
  const averageTime = Math.round(average.timeMs);
  const answerChanges = round1(average.changes);
  return {
    questionId,
    difficulty: difficultyOf(averageTime, answerChanges),
    averageTime,
    answerChanges,
    ...rest,
  };
}

/*
 * The dashboard reads the two folded tables the materialized views keep (analytics-schema
 * migrations 002, 004, 005 and 006): session_questions, one row per session and question, and sessions,
 * one per session, both keyed by the session key (a 128-bit number; the assessments carry it too).
 * FINAL folds rows not yet merged in the background, so a session's question counts once however
 * many events (a view, answers, a redelivery) it came from; as the tables are sorted by the time in
 * the session id, it folds only where new parts overlap older ones and reads the rest as it is. A
 * session's question belongs to the window in which it was first viewed.
 */

/** One row per (session, question) first viewed in the window, of the filters' sessions. */
const sessionQuestions = (inWindow: InWindow, of: Scope) => `
  SELECT question_number, session_key, answered = 1 AS done,
         time_spent_ms AS time_ms, answer_changes AS changes
  FROM {db}.session_questions FINAL
  WHERE ${inWindow('first_viewed_at')} AND ${of.sessionQuestion}`;

/**
 * A question's id is "q" and its number (the projector derives the number from the id), so the
 * id is formed after grouping instead of read from every row.
 */
const QUESTION_ID = "concat('q', toString(question_number))";

/** An answered session-question's outcome in the question-difficulty query. */
const COMPLETED = 1;
const ABANDONED = 2;
const ACTIVE = 3;

/** The keys of sessions with a signed assessment (a set: duplicates do not matter). */
const SIGNED_SESSIONS = `
  SELECT assumeNotNull(session_key) FROM {db}.assessments
  WHERE stage = 2 AND session_key IS NOT NULL`;

/** Assessments signed in the window. */
const signedInWindow = (inWindow: InWindow, of: Scope) => `
  SELECT session_key AS sid, device_type, toUnixTimestamp64Milli(assumeNotNull(signed_at)) AS signed_ms
  FROM {db}.assessments FINAL
  WHERE stage = 2 AND ${inWindow('signed_at')} AND ${of.assessment}`;

/** Every session's first view, in epoch milliseconds. */
const FIRST_VIEWS = `
  SELECT session_key AS sid, toUnixTimestamp64Milli(first_viewed_at) AS first_ms
  FROM {db}.sessions FINAL`;

/**
 * Signed assessments in the window, with their device (NULL without an analytics session) and the
 * time from their session's first view to signing
 * (NULL when their session sent no question event). Joining every session (one folded row each)
 * costs less than selecting the signed ones first.
 */
const completions = (inWindow: InWindow, of: Scope) => `
  SELECT a.device_type AS device,
         if(f.first_ms IS NULL, NULL, greatest(0, a.signed_ms - f.first_ms)) AS duration_ms
  FROM (${signedInWindow(inWindow, of)}) AS a
  LEFT JOIN (${FIRST_VIEWS}) AS f ON a.sid = f.sid
  SETTINGS join_use_nulls = 1`;

/**
 * The summary's assessment figures in one read of the assessments: how many were created in the
 * window, how many of those are signed, and the average time from first view to signing of those signed in it, as in
 * `completions` (an assessment whose session sent no question event has no such time); of
 * those signed, how many have a known capacity-warning flag and how many of them are set; and of
 * those created, how many came by a household member's link. The links are matched as a set when
 * read, so a household stored after its members' drafts counts them, and a redelivered one once.
 */
const assessmentTotals = (inWindow: InWindow, of: Scope) => `
  SELECT countIf(${inWindow('a.created_at')}) AS total,
         countIf(${inWindow('a.created_at')} AND a.link_id IN (SELECT link_id FROM {db}.household_links))
           AS in_households,
         countIf(a.stage = 2 AND ${inWindow('a.created_at')}) AS signed,
         avgOrNullIf(greatest(0, toUnixTimestamp64Milli(assumeNotNull(a.signed_at)) - f.first_ms),
                     a.stage = 2 AND ${inWindow('a.signed_at')} AND f.first_ms IS NOT NULL) AS average,
         countIf(a.stage = 2 AND ${inWindow('a.created_at')} AND a.capacity_warning IS NOT NULL) AS capacity_known,
         countIf(a.stage = 2 AND ${inWindow('a.created_at')} AND a.capacity_warning = 1) AS capacity_warnings
  FROM (SELECT stage, session_key, created_at, signed_at, capacity_warning, link_id
        FROM {db}.assessments FINAL
        WHERE ${of.assessment}) AS a
  LEFT JOIN (${FIRST_VIEWS}) AS f ON a.session_key = f.sid
  SETTINGS join_use_nulls = 1`;

/**
 * The dashboard's numbers. ClickHouse aggregates the folded tables (so a redelivered event counts
 * once); the definitions in definitions.ts turn the aggregates into rates and bands.
 */
export class DashboardQueries {
  constructor(
    private readonly store: AnalyticsStore,
    private readonly readModel: RecentAssessmentsReadModel,
  ) {}

  async summary(
    period: AnalyticsPeriod,
    now: Date,
    adviser: string | null = null,
    version: number | null = null,
  ): Promise<AnalyticsSummary> {
    const w = window(period, now, adviser, version);
    const [assessments, perQuestion, versions] = await Promise.all([
      this.store.select<{
        total: number;
        in_households: number;
        signed: number;
        average: number | null;
        capacity_known: number;
        capacity_warnings: number;
      }>(assessmentTotals(w.inWindow, w.of), w.params),
      this.questionAverages(w),
      this.questionnaireVersions(),
    ]);
    const average = assessments[0]?.average ?? null;
    return {
      totalAssessments: assessments[0]?.total ?? 0,
      signedAssessments: assessments[0]?.signed ?? 0,
      completionRate: percentOrNull(perQuestion.q1.completed, perQuestion.q1.viewed),
      averageTimePerAssessment: average === null ? null : Math.round(average),
      mostDifficultQuestion: mostDifficultQuestion(perQuestion.questions),
      // Of the signed ones whose flag is known (rows stored before it have none).
      capacityWarningShare: percentOrNull(
        assessments[0]?.capacity_warnings ?? 0,
        assessments[0]?.capacity_known ?? 0,
      ),
      householdShare: percentOrNull(assessments[0]?.in_households ?? 0, assessments[0]?.total ?? 0),
      questionnaireVersions: versions,
    };
  }

  /**
   * The questionnaire versions on any assessment, in order, whatever the filters: the options of
   * the dashboard's version filter. A draft and its signed row carry the same version, so the
   * rows need no FINAL.
   */
  private async questionnaireVersions(): Promise<number[]> {
    const rows = await this.store.select<{ version: number }>(
      'SELECT DISTINCT questionnaire_version AS version FROM {db}.assessments ORDER BY version',
    );
    return rows.map((r) => r.version);
  }

  /**
   * Per question, only what the summary needs: the averages that rank "most difficult" (no
   * outcome sets), and for question 1 the sessions that viewed it and how many of them signed
   * (the completion rate; only question 1's rows are looked up in the signed sessions).
   */
  private async questionAverages(
    w: Window,
  ): Promise<{ questions: QuestionDifficulty; q1: { viewed: number; completed: number } }> {
    const rows = await this.store.select<{
      question_number: number;
      question_id: string;
      viewed: number;
      signed: number;
      answered_sessions: number;
      average_time: number;
      average_changes: number;
    }>(
      `SELECT question_number, ${QUESTION_ID} AS question_id, count() AS viewed,
              countIf(question_number = 1 AND session_key IN (${SIGNED_SESSIONS})) AS signed,
              countIf(done) AS answered_sessions,
              avgIf(time_ms, done) AS average_time, avgIf(changes, done) AS average_changes
       FROM (${sessionQuestions(w.inWindow, w.of)})
       GROUP BY question_number ORDER BY question_number`,
      w.params,
    );
    const q1 = rows.find((r) => r.question_number === 1);
    const questions = rows
      .filter((r) => r.answered_sessions > 0)
      .map((r) =>
        questionRow(
          r.question_id,
          { timeMs: r.average_time, changes: r.average_changes },
          {
            medianTime: 0,
            answeredSessions: r.answered_sessions,
            answerChangesCompleted: null,
            answerChangesAbandoned: null,
          },
        ),
      );
    return { questions, q1: { viewed: q1?.viewed ?? 0, completed: q1?.signed ?? 0 } };
  }

  async questionDifficulty(
    period: AnalyticsPeriod,
    now: Date,
    adviser: string | null = null,
    version: number | null = null,
  ): Promise<QuestionDifficulty> {
    const w = window(period, now, adviser, version);
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
      `SELECT ${QUESTION_ID} AS question_id,
              countIf(done) AS answered,
              avgIf(time_ms, done) AS average_time,
              -- The median: the mean of the two middle values of an even count (quantileExact would
              -- take the upper one).
              quantileExactInclusiveIf(0.5)(time_ms, done) AS median_time,
              avgIf(changes, done) AS average_changes,
              countIf(outcome = ${COMPLETED}) AS completed,
              avgOrNullIf(changes, outcome = ${COMPLETED}) AS changes_completed,
              countIf(outcome = ${ABANDONED}) AS abandoned,
              avgOrNullIf(changes, outcome = ${ABANDONED}) AS changes_abandoned
       FROM (
         SELECT *,
                -- Answered questions only (the comparison counts nothing else), as a number rather
                -- than a name: 0 unanswered, then completed, abandoned, active. Two sets instead of
                -- a join: signed sessions, and sessions inactive for 30 minutes.
                if(NOT done, 0,
                   multiIf(session_key IN (${SIGNED_SESSIONS}), ${COMPLETED},
                           session_key IN (
                             SELECT session_key FROM {db}.sessions FINAL
                             WHERE last_activity_at <= {abandonedBefore:DateTime64(3, 'UTC')}
                           ), ${ABANDONED}, ${ACTIVE})) AS outcome
         FROM (${sessionQuestions(w.inWindow, w.of)})
       )
       GROUP BY question_number
       HAVING answered > 0
       ORDER BY question_number`,
      { ...w.params, abandonedBefore: toDateTime64(w.nowMs - ABANDONED_AFTER_MS) },
    );
    return rows.map((r) =>
      questionRow(
        r.question_id,
        { timeMs: r.average_time, changes: r.average_changes },
        {
          medianTime: Math.round(r.median_time),
          answeredSessions: r.answered,
          answerChangesCompleted:
            r.completed === 0 || r.changes_completed === null ? null : round1(r.changes_completed),
          answerChangesAbandoned:
            r.abandoned === 0 || r.changes_abandoned === null ? null : round1(r.changes_abandoned),
        },
      ),
    );
  }

  async dropOff(
    period: AnalyticsPeriod,
    now: Date,
    adviser: string | null = null,
    version: number | null = null,
  ): Promise<DropOff> {
    const w = window(period, now, adviser, version);
    const rows = await this.store.select<{ question_id: string; viewed: number; answered: number }>(
      `SELECT ${QUESTION_ID} AS question_id, count() AS viewed, countIf(done) AS answered
       FROM (${sessionQuestions(w.inWindow, w.of)})
       GROUP BY question_number ORDER BY question_number`,
      w.params,
    );
    return rows.map((r) => ({
      questionId: r.question_id,
      dropOffRate: percent(r.viewed - r.answered, r.viewed),
    }));
  }

  async devices(
    period: AnalyticsPeriod,
    now: Date,
    adviser: string | null = null,
    version: number | null = null,
  ): Promise<DeviceStats> {
    const w = window(period, now, adviser, version);
    const rows = await this.store.select<{ device_type: DeviceType; count: number; average: number | null }>(
      // The filter names the inner column, not the output's alias: ClickHouse resolves a name to
      // an alias of the same SELECT first, and assumeNotNull(...) is never NULL.
      `SELECT assumeNotNull(device) AS device_type, count() AS count, avgOrNull(duration_ms) AS average
       FROM (${completions(w.inWindow, w.of)})
       WHERE device IS NOT NULL
       GROUP BY device ORDER BY count DESC, device_type`,
      w.params,
    );
    return rows.map((r) => ({
      deviceType: r.device_type,
      count: r.count,
      averageCompletionTime: Math.round(r.average ?? 0),
    }));
  }

  recent(
    period: AnalyticsPeriod,
    now: Date,
    adviser: string | null = null,
    version: number | null = null,
  ): Promise<RecentAssessments> {
    return this.readModel.recent(periodStart(period, now), adviser, version);
  }

  /** The adviser slugs on any assessment, in order: the options of the dashboard's filter. */
  async advisers(): Promise<AnalyticsAdvisers> {
    const rows = await this.store.select<{ slug: string }>(
      `SELECT DISTINCT assumeNotNull(adviser_slug) AS slug FROM {db}.assessments
       WHERE adviser_slug IS NOT NULL ORDER BY slug`,
    );
    return rows.map((r) => r.slug);
  }
}
