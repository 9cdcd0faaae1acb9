import type { SignInOptions } from '@risk-profile/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** What the sign-in pages offer besides the password; on any failure, the password alone. */
export async function fetchSignInOptions(): Promise<SignInOptions> {
  try {
    return await callEndpoint('signInOptions');
  } catch {
    return { sso: false };
  }
}

export const signInOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sign-in-options'] as const,
    queryFn: fetchSignInOptions,
    staleTime: Infinity,
  });

export function useSignInOptions() {
  return useQuery(signInOptionsQueryOptions());
}
