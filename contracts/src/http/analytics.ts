import { z } from 'zod';
import { profileNameSchema } from '../questionnaire/profiles.schema';
import { MAX_QUESTIONNAIRE_VERSION, questionnaireVersionSchema } from '../questionnaire/versions.schema';
import { adviserSlugSchema } from './advisers';
import { defineEndpoint, errorBodySchema } from './endpoint';
import { MAX_QUESTION_EVENT_BATCH } from './limits';
import { deviceTypeSchema, isoDateTimeSchema } from './primitives';

export const QUESTION_EVENT_IDS = [
  'q1',
  'q2',
  'q3',
  'q4',
  'q5',
  'q6',
  'q7',
  'q8',
  'q9',
  'q10',
  'q11',
  'q12',
  'q13',
  'q14',
  'q15',
  'q16',
  'q17',
  'q18',
] as const;
export const questionIdSchema = z.enum(QUESTION_EVENT_IDS);

export const analyticsSessionIdSchema = z.string().min(1).max(100);

const DAY_MS = 24 * 60 * 60 * 1000;

/** One view (answeredAt null) or answer of one question in one analytics session. */
export const questionEventSchema = z.object({
  sessionId: analyticsSessionIdSchema,
  questionId: questionIdSchema,
  questionViewedAt: isoDateTimeSchema,
  questionAnsweredAt: isoDateTimeSchema.nullable(),
  timeSpent: z.int().min(0).max(DAY_MS),
  answerChanges: z.int().min(0).max(1000),
  finalAnswer: z.int().min(1).max(5).nullable(),
  deviceType: deviceTypeSchema,
  /** The questionnaire version the page showed (GET /api/questionnaire); absent from older pages, which showed 1. */
  questionnaireVersion: questionnaireVersionSchema.optional(),
});
export type QuestionEvent = z.infer<typeof questionEventSchema>;

export const questionEventBatchSchema = z.object({
  events: z
    .array(questionEventSchema)
    .min(1, 'A batch needs at least one event.')
    .max(MAX_QUESTION_EVENT_BATCH, `A batch holds at most ${MAX_QUESTION_EVENT_BATCH} events.`),
});

export type QuestionEventIngestBody = QuestionEvent | z.input<typeof questionEventBatchSchema>;

const isBatch = (value: unknown): boolean => typeof value === 'object' && value !== null && 'events' in value;

/**
 * The ingest body is one event (the page's original shape) or `{ events }` (so the page can
 * batch); either way the service gets an array. Dispatching on `events` instead of a zod union
 * keeps the field-level issues of the shape that was meant, where a union reports only "Invalid input".
 * An answer is never before its view.
 */
export const questionEventIngestBodySchema = z.transform(
  (value: QuestionEventIngestBody, ctx): QuestionEvent[] => {
    const batch = isBatch(value);
    const result = batch
      ? questionEventBatchSchema.safeParse(value)
      : questionEventSchema.transform((event) => ({ events: [event] })).safeParse(value);
    if (!result.success) {
      for (const { path, message } of result.error.issues) ctx.addIssue({ code: 'custom', path, message });
      return z.NEVER;
    }
    result.data.events.forEach((event, index) => {
      const { questionViewedAt, questionAnsweredAt } = event;
      if (questionAnsweredAt === null || Date.parse(questionAnsweredAt) >= Date.parse(questionViewedAt))
        return;
      const path = [...(batch ? ['events', index] : []), 'questionAnsweredAt'];
      ctx.addIssue({ code: 'custom', path, message: 'must not be before questionViewedAt' });
    });
    return result.data.events;
  },
);

/**
 * How far a question event's times may lie from the server's clock. An answer event carries its
 * question's first view, which may be up to a day before the answer (timeSpent is at most a day),
 * and a page that slept (a closed laptop) sends its queue when it wakes: a day for each. A client
 * clock may run a little fast. Outside the window a time is refused, so no session dated in year
 * 9999 or 0001 ever counts in the dashboard's periods.
 */
export const QUESTION_EVENT_MAX_AGE_MS = 2 * DAY_MS;
export const QUESTION_EVENT_MAX_AHEAD_MS = 10 * 60 * 1000;
export const QUESTION_EVENT_TIME_MESSAGE =
  "must be at most 48 hours before and 10 minutes after the server's time";

/** Each view or answer time in the ingested events outside the window around `now`, by its path in the body. */
export function questionEventTimesOutside(
  events: readonly QuestionEvent[],
  now: Date,
  batch: boolean,
): { path: string; message: string }[] {
  const earliest = now.getTime() - QUESTION_EVENT_MAX_AGE_MS;
  const latest = now.getTime() + QUESTION_EVENT_MAX_AHEAD_MS;
  const issues: { path: string; message: string }[] = [];
  events.forEach((event, index) => {
    for (const field of ['questionViewedAt', 'questionAnsweredAt'] as const) {
      const time = event[field];
      if (time === null) continue;
      const ms = Date.parse(time);
      if (ms >= earliest && ms <= latest) continue;
      issues.push({ path: batch ? `events.${index}.${field}` : field, message: QUESTION_EVENT_TIME_MESSAGE });
    }
  });
  return issues;
}

/** Whether an ingest body is the batch shape (`{ events }`) rather than one event. */
export const isQuestionEventBatch = isBatch;

export const acceptedResponseSchema = z.object({ accepted: z.int().min(0) });

export const ingestQuestionEventsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/analytics/question',
  service: 'analytics',
  access: 'public',
  summary: 'Records question views and answers (one event or a batch) for the dashboard.',
  body: questionEventIngestBodySchema,
  responses: { 202: acceptedResponseSchema, 400: errorBodySchema },
});

export const analyticsSummarySchema = z.object({
  /** Assessments started (drafted at "Yes, I agree") in the period, signed or not. */
  totalAssessments: z.int().min(0),
  /** Of those, the ones signed. */
  signedAssessments: z.int().min(0),
  /** Null when no session viewed question 1 in the period: there is nothing to divide. */
  completionRate: z.number().min(0).max(100).nullable(),
  /** Mean milliseconds from first view to signing; null when no signed assessment has such a time. */
  averageTimePerAssessment: z.number().min(0).nullable(),
  /** Null when no question is rated harder than easy: there is nothing to single out. */
  mostDifficultQuestion: z.string().nullable(),
  /**
   * Percentage (one decimal) of the signed assessments counted above whose chosen profile went
   * beyond the client's time horizon or capacity for loss; null when none of them is signed.
   */
  capacityWarningShare: z.number().min(0).max(100).nullable(),
  /**
   * Percentage (one decimal) of the assessments counted in totalAssessments that came by a
   * household member's questionnaire link; null when totalAssessments is 0.
   */
  householdShare: z.number().min(0).max(100).nullable(),
  /**
   * The questionnaire versions of every assessment analytics has seen, in order, whatever the
   * filters: the options of the dashboard's version filter.
   */
  questionnaireVersions: z.array(z.int().min(1)),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const difficultySchema = z.enum(['easy', 'medium', 'hard']);
export type Difficulty = z.infer<typeof difficultySchema>;
export const questionDifficultySchema = z.array(
  z.object({
    questionId: z.string(),
    difficulty: difficultySchema,
    /** Mean milliseconds from first view to the last answer, over sessions that answered. */
    averageTime: z.number().min(0),
    /** Average answer changes, one decimal. */
    answerChanges: z.number().min(0),
    /** Median milliseconds from first view to the last answer. */
    medianTime: z.number().min(0),
    /** Sessions that answered the question. */
    answeredSessions: z.int().min(0),
    /** Average answer changes of sessions that went on to sign; null when there were none. */
    answerChangesCompleted: z.number().min(0).nullable(),
    /** The same for sessions that were abandoned (inactive 30 minutes without signing). */
    answerChangesAbandoned: z.number().min(0).nullable(),
  }),
);
export type QuestionDifficulty = z.infer<typeof questionDifficultySchema>;

export const dropOffSchema = z.array(
  z.object({ questionId: z.string(), dropOffRate: z.number().min(0).max(100) }),
);
export type DropOff = z.infer<typeof dropOffSchema>;

export const deviceStatsSchema = z.array(
  z.object({ deviceType: deviceTypeSchema, count: z.int().min(0), averageCompletionTime: z.number().min(0) }),
);
export type DeviceStats = z.infer<typeof deviceStatsSchema>;

/** Started: drafted at "Yes, I agree" and not yet signed. */
export const recentAssessmentStatusSchema = z.enum(['started', 'signed']);
export type RecentAssessmentStatus = z.infer<typeof recentAssessmentStatusSchema>;

export const recentAssessmentsSchema = z.array(
  z.object({
    id: z.uuid(),
    status: recentAssessmentStatusSchema,
    clientName: z.string(),
    clientEmail: z.string().nullable(),
    createdAt: isoDateTimeSchema,
    selectedProfile: profileNameSchema,
    riskScore: z.int(),
  }),
);
export type RecentAssessments = z.infer<typeof recentAssessmentsSchema>;

/** The window every dashboard endpoint reports on, ending now; `all` has no start. */
export const ANALYTICS_PERIODS = ['24h', '7d', '30d', 'all'] as const;
export const analyticsPeriodSchema = z.enum(ANALYTICS_PERIODS);
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;
export const ANALYTICS_PERIOD_MS: Record<AnalyticsPeriod, number | null> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  all: null,
};
const VERSION_MESSAGE = 'Version must be a questionnaire version: a whole number from 1 to 65535.';
export const analyticsPeriodQuerySchema = z.object({
  period: z.enum(ANALYTICS_PERIODS, { error: 'Period must be one of 24h, 7d, 30d or all.' }).default('all'),
  /**
   * One adviser's figures (their page's slug); absent, every assessment. Question events carry no
   * adviser: filtered, the question figures cover the sessions that drafted an assessment for
   * that adviser (docs/analytics-schema.md).
   */
  adviser: adviserSlugSchema.optional(),
  /**
   * One questionnaire version's figures: the assessments answered against it, and the question
   * events of pages showing it; absent, every version. At most 65,535, what ClickHouse stores.
   */
  version: z.coerce
    .number({ error: VERSION_MESSAGE })
    .int(VERSION_MESSAGE)
    .min(1, VERSION_MESSAGE)
    .max(MAX_QUESTIONNAIRE_VERSION, VERSION_MESSAGE)
    .optional(),
});
export type AnalyticsPeriodQuery = z.infer<typeof analyticsPeriodQuerySchema>;

/** The adviser pages analytics has seen on an assessment, by slug, in order: the dashboard's filter. */
export const analyticsAdvisersSchema = z.array(z.string().min(1));
export type AnalyticsAdvisers = z.infer<typeof analyticsAdvisersSchema>;

const adminRead = <P extends `/api/admin/${string}`, S extends z.ZodType>(
  path: P,
  summary: string,
  schema: S,
) =>
  defineEndpoint({
    method: 'GET',
    path,
    service: 'analytics',
    access: 'admin',
    summary,
    query: analyticsPeriodQuerySchema,
    responses: { 200: schema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
  });

export const analyticsSummaryEndpoint = adminRead(
  '/api/admin/analytics/summary',
  'Dashboard cards: assessments started and signed, completion rate, average time, most difficult question, share of signed assessments with a capacity warning, share of assessments made in households.',
  analyticsSummarySchema,
);
export const questionDifficultyEndpoint = adminRead(
  '/api/admin/analytics/question-difficulty',
  'Per question: difficulty band, average time and average answer changes.',
  questionDifficultySchema,
);
export const dropOffEndpoint = adminRead(
  '/api/admin/analytics/drop-off',
  'Per question: percentage of sessions that viewed it without answering.',
  dropOffSchema,
);
export const deviceStatsEndpoint = adminRead(
  '/api/admin/analytics/devices',
  'Per device type: completed assessments and average completion time.',
  deviceStatsSchema,
);
export const recentAssessmentsEndpoint = adminRead(
  '/api/admin/assessments/recent',
  'The most recent assessments, newest first.',
  recentAssessmentsSchema,
);

export const analyticsAdvisersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/analytics/advisers',
  service: 'analytics',
  access: 'admin',
  summary:
    'The adviser slugs the assessments analytics has seen came through: the options of the adviser filter.',
  responses: { 200: analyticsAdvisersSchema, 401: errorBodySchema, 403: errorBodySchema },
});

/** What the live stream sends: the projections changed, so the dashboard refetches. */
export const ANALYTICS_CHANGED_EVENT = 'changed';

export const analyticsStreamEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/analytics/stream',
  service: 'analytics',
  access: 'admin',
  summary: 'Server-sent events: a "changed" event each time the analytics projections change.',
  responses: { 200: z.string(), 401: errorBodySchema, 403: errorBodySchema },
});
