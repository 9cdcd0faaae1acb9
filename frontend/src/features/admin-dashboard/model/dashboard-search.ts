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
 * adviser when absent) and a tab other than Overview.
 */
export interface DashboardSearch {
  period: AnalyticsPeriod;
  adviser?: string;
  tab?: Exclude<DashboardTab, 'overview'>;
}

/** What every dashboard read is for: a period, and one adviser or (null) every adviser. */
export interface DashboardFilter {
  period: AnalyticsPeriod;
  adviser: string | null;
}

// The shape of an adviser page's slug (the contract's rule, without loading zod).
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads the address's search: an unknown or missing period falls back to all time, an adviser
 * that is not a page name to every adviser, an unknown tab (or Overview) to no tab, so a reload or
 * a shared link opens the view it was on. Checked without zod, which the route's eager part must
 * not pull into the first load of the site.
 */
export function parseDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const period = PERIODS.find((p) => p === search.period) ?? 'all';
  const adviser =
    typeof search.adviser === 'string' && search.adviser.length <= 64 && SLUG.test(search.adviser)
      ? search.adviser
      : undefined;
  const tab = DASHBOARD_TABS.find((t) => t.value === search.tab)?.value;
  return {
    period,
    ...(adviser === undefined ? {} : { adviser }),
    ...(tab === undefined || tab === 'overview' ? {} : { tab }),
  };
}
