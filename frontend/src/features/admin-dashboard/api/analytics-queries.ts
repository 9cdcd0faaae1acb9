import { ENDPOINT_ROUTES, type EndpointName } from '@risk-profile/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import type { DashboardFilter } from '../model/dashboard-search';

/** Every dashboard query starts with this key, so the live stream can refetch them together. */
export const ANALYTICS_QUERY_KEY = ['admin', 'analytics'] as const;

/**
 * Calls a dashboard endpoint (its path from the contracts) for one period and, if chosen, one
 * adviser and one questionnaire version.
 */
const callFiltered = <N extends EndpointName>(name: N, { period, adviser, version }: DashboardFilter) => {
  const search = new URLSearchParams({ period });
  if (adviser !== null) search.set('adviser', adviser);
  if (version !== null) search.set('version', String(version));
  return callEndpoint(name, { path: `${ENDPOINT_ROUTES[name].path}?${search}` });
};

const filtered =
  <N extends EndpointName>(key: string, name: N) =>
  (filter: DashboardFilter) =>
    queryOptions({
      queryKey: [...ANALYTICS_QUERY_KEY, key, filter.period, filter.adviser, filter.version] as const,
      queryFn: () => callFiltered(name, filter),
    });

export const summaryQueryOptions = filtered('summary', 'analyticsSummary');
export const questionDifficultyQueryOptions = filtered('question-difficulty', 'questionDifficulty');
export const dropOffQueryOptions = filtered('drop-off', 'dropOff');
export const devicesQueryOptions = filtered('devices', 'deviceStats');
export const recentAssessmentsQueryOptions = filtered('recent', 'recentAssessments');

/** The advisers to filter by; under the dashboard's key, so a new adviser appears live. */
export const advisersQueryOptions = () =>
  queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'advisers'] as const,
    queryFn: () => callEndpoint('analyticsAdvisers'),
  });

export const useSummary = (filter: DashboardFilter) => useQuery(summaryQueryOptions(filter));
export const useQuestionDifficulty = (filter: DashboardFilter) =>
  useQuery(questionDifficultyQueryOptions(filter));
export const useDropOff = (filter: DashboardFilter) => useQuery(dropOffQueryOptions(filter));
export const useDevices = (filter: DashboardFilter) => useQuery(devicesQueryOptions(filter));
export const useRecentAssessments = (filter: DashboardFilter) =>
  useQuery(recentAssessmentsQueryOptions(filter));
export const useAnalyticsAdvisers = () => useQuery(advisersQueryOptions());
