import { ENDPOINT_ROUTES } from '@risk-profile/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * The signed-in adviser's slug. The signed-in user (getCurrentUser) does not carry it, so it is read
 * from the newest of their assessments; null until a client has started one.
 */
const adviserSlugQueryOptions = () =>
  queryOptions({
    queryKey: ['records', 'adviser', 'slug'] as const,
    queryFn: async ({ signal }) => {
      const page = await callEndpoint('listAdviserRecords', {
        path: `${ENDPOINT_ROUTES.listAdviserRecords.path}?limit=1`,
        signal,
      });
      return page.items[0]?.adviserSlug ?? null;
    },
  });

export function useAdviserSlug() {
  return useQuery(adviserSlugQueryOptions());
}
