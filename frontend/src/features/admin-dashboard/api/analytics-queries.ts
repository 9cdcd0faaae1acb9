import { type AnalyticsPeriod, ENDPOINT_ROUTES, type EndpointName } from '@risk-profile/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Every dashboard query starts with this key, so the live stream can refetch them together. */
export const ANALYTICS_QUERY_KEY = ['admin', 'analytics'] as const;

/** Calls a dashboard endpoint (its path from the contracts) for one period. */
const callForPeriod = <N extends EndpointName>(name: N, period: AnalyticsPeriod) =>
  callEndpoint(name, { path: `${ENDPOINT_ROUTES[name].path}?period=${encodeURIComponent(period)}` });

export const summaryQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'summary', period] as const,
    queryFn: () => callForPeriod('analyticsSummary', period),
  });

export const questionDifficultyQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'question-difficulty', period] as const,
    queryFn: () => callForPeriod('questionDifficulty', period),
  });

export const dropOffQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'drop-off', period] as const,
    queryFn: () => callForPeriod('dropOff', period),
  });

export const devicesQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'devices', period] as const,
    queryFn: () => callForPeriod('deviceStats', period),
  });

export const recentAssessmentsQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'recent', period] as const,
    queryFn: () => callForPeriod('recentAssessments', period),
  });

export const useSummary = (period: AnalyticsPeriod) => useQuery(summaryQueryOptions(period));
export const useQuestionDifficulty = (period: AnalyticsPeriod) =>
  useQuery(questionDifficultyQueryOptions(period));
export const useDropOff = (period: AnalyticsPeriod) => useQuery(dropOffQueryOptions(period));
export const useDevices = (period: AnalyticsPeriod) => useQuery(devicesQueryOptions(period));
export const useRecentAssessments = (period: AnalyticsPeriod) =>
  useQuery(recentAssessmentsQueryOptions(period));
