/*
 * What the record lists and the access log filter by, as plain data: kept apart from the schemas
 * (records.ts) so that the routes, which every page loads, can read a list's address without
 * loading zod.
 */

export const RECORD_PAGE_SIZE = 25;
export const MAX_RECORD_PAGE_SIZE = 100;
export const MAX_RECORD_SEARCH_LENGTH = 200;

export const RECORD_STATUSES = ['in_progress', 'signed'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

export const ACCESS_LOG_ACTIONS = [
  'record-view',
  'report-download',
  'report-resend',
  'export',
  /** Everything held about one client, as a ZIP (a data subject's request). */
  'subject-export',
  /** A household's members side by side (the adviser service's household view). */
  'household-view',
] as const;
export type AccessLogAction = (typeof ACCESS_LOG_ACTIONS)[number];
