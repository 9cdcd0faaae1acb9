import { type AnalystToken, buildPath, ENDPOINT_ROUTES } from '@risk-profile/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { fetchRowLimit, fetchSchema } from './clickhouse';

const TOKENS_QUERY_KEY = ['analyst', 'tokens'] as const;

export const analystTokensQueryOptions = () =>
  queryOptions({
    queryKey: TOKENS_QUERY_KEY,
    queryFn: async ({ signal }) => (await callEndpoint('listAnalystTokens', { signal })).tokens,
  });

/** Creates a token; its secret is in this answer only. */
export function useCreateAnalystToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callEndpoint('createAnalystToken', { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_QUERY_KEY }),
  });
}

export function useRevokeAnalystToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: AnalystToken) =>
      callEndpoint('revokeAnalystToken', {
        path: buildPath(ENDPOINT_ROUTES.revokeAnalystToken, { id: token.id }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_QUERY_KEY }),
  });
}

/** The schema changes only with a migration, at a start: once per visit is enough. */
export const analyticsSchemaQueryOptions = () =>
  queryOptions({ queryKey: ['analyst', 'schema'] as const, queryFn: fetchSchema, staleTime: Infinity });

export const rowLimitQueryOptions = () =>
  queryOptions({
    queryKey: ['analyst', 'row-limit'] as const,
    // Unknown is a fine answer: the page then only leaves out its note on a cut result.
    queryFn: () => fetchRowLimit().catch(() => null),
    staleTime: Infinity,
  });

/** The access log of analyst queries, newest first, by cursor. */
export const analystQueryLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['admin', 'analyst-queries'] as const,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint('analystQueryLog', {
        path: `${ENDPOINT_ROUTES.analystQueryLog.path}${pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : ''}`,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
