/**
 * AnalyticsStore port: the ClickHouse database behind the dashboard and the data teams' queries.
 * One adapter (`@clickhouse/client`) serves both connections: chDB in-process (embedded mode and
 * tests) and a ClickHouse server. The store holds no personal data: pseudonymous ids, answers,
 * timings, device types, profiles and scores only.
 */

/** Values bound server-side to `{name:Type}` placeholders; never spliced into SQL text. */
export type QueryParams = Record<string, string | number | boolean | null | readonly (string | number)[]>;

/** One question view or answer, as stored. Times are epoch milliseconds (UTC). */
export interface QuestionEventRow {
  eventId: string;
  sessionId: string;
  questionId: string;
  questionNumber: number;
  deviceType: string;
  viewedAt: number;
  answeredAt: number | null;
  timeSpentMs: number;
  answerChanges: number;
  finalAnswer: number | null;
  receivedAt: number;
  /**
   * The questionnaire version the page showed; absent, 1 (as for events before versions, which
   * the benchmarks still build).
   */
  questionnaireVersion?: number;
}

/** One version of an assessment: `stage` 1 when drafted, 2 when signed (the higher one wins). */
export interface AssessmentRow {
  assessmentId: string;
  stage: 1 | 2;
  sessionId: string | null;
  deviceType: string | null;
  adviserSlug: string | null;
  riskScore: number;
  riskGroup: number;
  originalProfile: string;
  selectedProfile: string;
  profileChanged: boolean;
  /**
   * The chosen profile goes beyond the client's time horizon or capacity for loss; null when not
   * known (a draft published without its capacity record).
   */
  capacityWarning: boolean | null;
  /** The questionnaire link the client arrived by; null without one. */
  linkId: string | null;
  /** The questionnaire version the client answered (1 for events from before versions). */
  questionnaireVersion: number;
  createdAt: number;
  signedAt: number | null;
  eventId: string;
}

/** A household member's questionnaire link: ids and a time only, nothing that names the member. */
export interface HouseholdLinkRow {
  linkId: string;
  householdId: string;
  /** When the household was created (epoch milliseconds). */
  createdAt: number;
  eventId: string;
}

export interface AnalyticsStore {
  /** `chDB (path)` or `ClickHouse server (database)`, for the start-up log. */
  readonly description: string;
  /** Table names are qualified with this database in every query. */
  readonly database: string;
  insertQuestionEvents(rows: readonly QuestionEventRow[]): Promise<void>;
  insertAssessments(rows: readonly AssessmentRow[]): Promise<void>;
  insertHouseholdLinks(rows: readonly HouseholdLinkRow[]): Promise<void>;
  /** Runs a SELECT with server-side bound parameters and returns its rows. */
  select<R>(sql: string, params?: QueryParams): Promise<R[]>;
  ping(): Promise<boolean>;
  /** Waits for the queries in flight, then closes; a chDB connection closed mid-query aborts the process. */
  close(): Promise<void>;
}

export class AnalyticsStoreClosedError extends Error {
  constructor() {
    super('The analytics store is closed');
    this.name = 'AnalyticsStoreClosedError';
  }
}
