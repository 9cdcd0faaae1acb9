import {
  ACCESS_LOG_ACTIONS,
  type AccessLogAction,
  ENDPOINT_ROUTES,
  MAX_RECORD_SEARCH_LENGTH,
  RECORD_STATUSES,
  type RecordStatus,
} from '@risk-profile/contracts';

/**
 * The list's filters as the address keeps them (`?q=…&status=signed&reviewDue=true&adviser=…&household=…`), so a
 * filtered list can be bookmarked, shared with a colleague, and returned to with Back.
 */
export interface RecordFilters {
  q?: string;
  status?: RecordStatus;
  reviewDue?: true;
  /** The admin's list only: one adviser's assessments, by slug. */
  adviser?: string;
  /** One household's members' assessments, by the household's id. */
  household?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (value: unknown): string | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed;
};

/**
 * The filters an address holds; anything unknown or malformed is dropped rather than refused, so an
 * edited address still opens the list. The search is cut to the length the service accepts.
 */
export function parseRecordFilters(search: Record<string, unknown>): RecordFilters {
  const filters: RecordFilters = {};
  const q = text(search.q);
  if (q) filters.q = q.slice(0, MAX_RECORD_SEARCH_LENGTH);
  const status = text(search.status);
  if (RECORD_STATUSES.some((known) => known === status)) filters.status = status as RecordStatus;
  if (search.reviewDue === true || search.reviewDue === 'true') filters.reviewDue = true;
  const adviser = text(search.adviser);
  if (adviser) filters.adviser = adviser.toLowerCase();
  const household = text(search.household);
  if (household && UUID.test(household)) filters.household = household.toLowerCase();
  return filters;
}

/** The query string of the list endpoints (`?q=…&cursor=…`), or '' without any part. */
export function recordListQuery(filters: RecordFilters, cursor?: string): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.reviewDue) params.set('reviewDue', 'true');
  if (filters.adviser) params.set('adviser', filters.adviser);
  if (filters.household) params.set('household', filters.household);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The admin's CSV export of the list exactly as filtered on the screen (every page of it). */
export function csvExportHref(filters: RecordFilters): string {
  return `${ENDPOINT_ROUTES.exportAdminRecords.path}${recordListQuery(filters)}`;
}

/** The access log's filters, kept in the address like the list's. */
export interface AccessLogFilters {
  actor?: string;
  action?: AccessLogAction;
  assessment?: string;
}

export function parseAccessLogFilters(search: Record<string, unknown>): AccessLogFilters {
  const filters: AccessLogFilters = {};
  const actor = text(search.actor);
  if (actor) filters.actor = actor;
  const action = text(search.action);
  if (ACCESS_LOG_ACTIONS.some((known) => known === action)) filters.action = action as AccessLogAction;
  const assessment = text(search.assessment);
  if (assessment) filters.assessment = assessment.toLowerCase();
  return filters;
}

export function accessLogQuery(filters: AccessLogFilters, cursor?: string): string {
  const params = new URLSearchParams();
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.action) params.set('action', filters.action);
  if (filters.assessment) params.set('assessment', filters.assessment);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Only a cursor: the sent links have no filters. */
export function cursorQuery(cursor?: string): string {
  return cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
}
