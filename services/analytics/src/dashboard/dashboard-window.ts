import type { AnalyticsPeriod } from '@risk-profile/contracts';
import { toDateTime64 } from '../store/datetime64';
import { periodStart } from './definitions';

/*
 * What a dashboard read covers: the period's window, and the adviser and questionnaire-version
 * filters, as fixed SQL conditions whose values are bound as parameters (never spliced in).
 */

/**
 * A column's lower bound for the window: `column >= since`, or `true` for all time, which
 * ClickHouse drops, so the column is not read at all (a bound every row passes would still cost
 * part of each scan of the folded tables).
 */
export type InWindow = (column: string) => string;
const ALL_TIME: InWindow = () => 'true';
const SINCE: InWindow = (column) => `${column} >= {since:DateTime64(3, 'UTC')}`;

/**
 * The filters as fixed SQL, their values bound as `{adviser:String}` and `{version:UInt16}`: the
 * condition on a row of assessments, and on a row of session_questions. Question events carry no
 * adviser, so a session is an adviser's when it drafted an assessment for them; a session's
 * questionnaire version is the one its page showed. Without a filter a condition is `true`, which
 * ClickHouse drops, so the column is not read.
 */
export interface Scope {
  assessment: string;
  sessionQuestion: string;
}
const allOf = (conditions: (string | false)[]): string =>
  conditions.filter((c) => c !== false).join(' AND ') || 'true';
function scopeOf(adviser: string | null, version: number | null): Scope {
  const ofVersion = version !== null && 'questionnaire_version = {version:UInt16}';
  return {
    assessment: allOf([adviser !== null && 'adviser_slug = {adviser:String}', ofVersion]),
    sessionQuestion: allOf([
      adviser !== null &&
        `session_key IN (
          SELECT assumeNotNull(session_key) FROM {db}.assessments
          WHERE adviser_slug = {adviser:String} AND session_key IS NOT NULL)`,
      ofVersion,
    ]),
  };
}

export interface Window {
  since: string;
  sinceDate: Date | null;
  inWindow: InWindow;
  nowMs: number;
  of: Scope;
  /** The bound parameters every dashboard query takes. */
  params: { since: string; adviser: string; version: number };
}

/** The period's window, filtered to one adviser's and one questionnaire version's figures when given. */
export function window(
  period: AnalyticsPeriod,
  now: Date,
  adviser: string | null,
  version: number | null,
): Window {
  const sinceDate = periodStart(period, now);
  const since = toDateTime64(sinceDate?.getTime() ?? 0);
  return {
    // All time binds no bound (ALL_TIME checks none); the parameter is there but unused.
    since,
    sinceDate,
    inWindow: sinceDate === null ? ALL_TIME : SINCE,
    nowMs: now.getTime(),
    of: scopeOf(adviser, version),
    // Without a filter its parameter is bound but unused, as the all-time bound is.
    params: { since, adviser: adviser ?? '', version: version ?? 0 },
  };
}
