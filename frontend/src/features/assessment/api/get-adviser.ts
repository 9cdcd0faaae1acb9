import { type Adviser, buildPath, ENDPOINT_ROUTES, RESERVED_SEGMENTS } from '@risk-profile/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '../../../lib/api-client';

const reserved: ReadonlySet<string> = new Set(RESERVED_SEGMENTS);

/** Whether a first path segment can name an adviser's page (the site's own pages never do). */
export function isAdviserSegment(segment: string | undefined): segment is string {
  return segment !== undefined && segment !== '' && !reserved.has(segment.toLowerCase());
}

/** The adviser, or null when there is none at this address (404). Other failures throw. */
export async function fetchAdviser(slug: string): Promise<Adviser | null> {
  try {
    return await callEndpoint('getAdviser', {
      path: buildPath(ENDPOINT_ROUTES.getAdviser, { slug }),
      checkAhead: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const adviserQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['advisers', slug] as const, queryFn: () => fetchAdviser(slug) });

export function useAdviser(slug: string | null) {
  return useQuery({ ...adviserQueryOptions(slug ?? ''), enabled: slug !== null });
}
