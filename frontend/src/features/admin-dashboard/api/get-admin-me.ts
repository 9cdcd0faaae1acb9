import type { User } from '@risk-profile/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '../../../lib/api-client';

/** The signed-in administrator, or null when there is none (401, 403). */
export async function getAdminMe(): Promise<User | null> {
  try {
    return await callEndpoint('adminMe');
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404)) {
      return null;
    }
    throw error;
  }
}

export const adminMeQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'me'] as const, queryFn: getAdminMe });

export function useAdminMe() {
  return useQuery(adminMeQueryOptions());
}
