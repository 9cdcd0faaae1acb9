import type { MfaStatus } from '@risk-profile/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, callEndpoint } from './api-client';

/** The account page, where a role that must have a second factor sets one up. */
export const MFA_SETUP_PATH = '/account';

/** The signed-in account's second factor, or null without a session (401). */
export async function fetchMfaStatus(): Promise<MfaStatus | null> {
  try {
    return await callEndpoint('getMfaStatus');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const mfaStatusQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'mfa'] as const, queryFn: fetchMfaStatus, retry: false });

/**
 * Whether there is a session, one limited to setting up a second factor included. Asked when
 * /api/auth/user named nobody, a yes is such a session (MFA_REQUIRED_ROLES): every page leads it
 * to the account page.
 */
export async function hasSession(queryClient: QueryClient): Promise<boolean> {
  const status = await queryClient.fetchQuery(mfaStatusQueryOptions()).catch(() => null);
  return status !== null;
}
