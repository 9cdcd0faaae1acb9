import type { AnalyticsPeriod } from '@risk-profile/contracts';

/** The dashboard's sections, in the order of their tabs. */
export const DASHBOARD_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'questions', label: 'Questions' },
  { value: 'devices', label: 'Devices' },
  { value: 'assessments', label: 'Assessments' },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];

const PERIODS: readonly AnalyticsPeriod[] = ['24h', '7d', '30d', 'all'];

/**
 * What the dashboard's address holds: the period (all time when absent), an adviser (every
 * adviser when absent), a questionnaire version (every version when absent) and a tab other than
 * Overview.
 */
export interface DashboardSearch {
  period: AnalyticsPeriod;
  adviser?: string;
  version?: number;
  tab?: Exclude<DashboardTab, 'overview'>;
}

/**
 * What every dashboard read is for: a period, one adviser or (null) every adviser, and one
 * questionnaire version or (null) every version.
 */
export interface DashboardFilter {
  period: AnalyticsPeriod;
  adviser: string | null;
  version: number | null;
}

// The shape of an adviser page's slug (the contract's rule, without loading zod).
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// A questionnaire version the dashboard's reads take: a whole number from 1 to 65535 (the contract's rule).
const MAX_VERSION = 65_535;

/** The address's version, as the router parsed it (a number) or as typed (digits); else none. */
function versionOf(value: unknown): number | undefined {
  const version = typeof value === 'string' && /^[1-9][0-9]{0,4}$/.test(value) ? Number(value) : value;
  return typeof version === 'number' && Number.isInteger(version) && version >= 1 && version <= MAX_VERSION
    ? version
    : undefined;
}

/**
 * Reads the address's search: an unknown or missing period falls back to all time, an adviser
 * that is not a page name to every adviser, a version that is not one to every version, an unknown
 * tab (or Overview) to no tab, so a reload or
 * a shared link opens the view it was on. Checked without zod, which the route's eager part must
 * not pull into the first load of the site.
 */
export function parseDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const period = PERIODS.find((p) => p === search.period) ?? 'all';
  const adviser =
    typeof search.adviser === 'string' && search.adviser.length <= 64 && SLUG.test(search.adviser)
      ? search.adviser
      : undefined;
  const version = versionOf(search.version);
  const tab = DASHBOARD_TABS.find((t) => t.value === search.tab)?.value;
  return {
    period,
    ...(adviser === undefined ? {} : { adviser }),
    ...(version === undefined ? {} : { version }),
    ...(tab === undefined || tab === 'overview' ? {} : { tab }),
  };
}
