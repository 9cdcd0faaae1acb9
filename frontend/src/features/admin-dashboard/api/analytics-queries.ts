import type { AnalyticsPeriod } from '@risk-profile/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Every dashboard query starts with this key, so the live stream can refetch them together. */
export const ANALYTICS_QUERY_KEY = ['admin', 'analytics'] as const;

const path = (base: string, period: AnalyticsPeriod) => `${base}?period=${encodeURIComponent(period)}`;

export const summaryQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'summary', period] as const,
    queryFn: () => callEndpoint('analyticsSummary', { path: path('/api/admin/analytics/summary', period) }),
  });

export const questionDifficultyQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'question-difficulty', period] as const,
    queryFn: () =>
      callEndpoint('questionDifficulty', { path: path('/api/admin/analytics/question-difficulty', period) }),
  });

export const dropOffQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'drop-off', period] as const,
    queryFn: () => callEndpoint('dropOff', { path: path('/api/admin/analytics/drop-off', period) }),
  });

export const devicesQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'devices', period] as const,
    queryFn: () => callEndpoint('deviceStats', { path: path('/api/admin/analytics/devices', period) }),
  });

export const recentAssessmentsQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'recent', period] as const,
    queryFn: () => callEndpoint('recentAssessments', { path: path('/api/admin/assessments/recent', period) }),
  });

export const useSummary = (period: AnalyticsPeriod) => useQuery(summaryQueryOptions(period));
export const useQuestionDifficulty = (period: AnalyticsPeriod) =>
  useQuery(questionDifficultyQueryOptions(period));
export const useDropOff = (period: AnalyticsPeriod) => useQuery(dropOffQueryOptions(period));
export const useDevices = (period: AnalyticsPeriod) => useQuery(devicesQueryOptions(period));
export const useRecentAssessments = (period: AnalyticsPeriod) =>
  useQuery(recentAssessmentsQueryOptions(period));
