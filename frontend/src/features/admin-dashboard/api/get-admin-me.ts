import type { User } from '@risk-profile/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/auth';
import { hasSession, MFA_SETUP_PATH } from '../../../lib/mfa-status';
import { signInRedirect } from '../../../lib/sign-in-redirect';

/** Analysts see no admin pages: their own is the query page. */
const ANALYST_HOME_PATH = '/analyst';
const ADMIN_LOGIN_PATH = '/admin/login';

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

/**
 * The `beforeLoad` of the admin area's pages: only an administrator stays; a signed-in analyst goes
 * to the query page, anyone else to the admin login. When asking fails, the page stays and says so
 * (`AdminGate`).
 */
export const adminOnly = signInRedirect(async (queryClient) => {
  const admin = await queryClient.fetchQuery(adminMeQueryOptions()).catch(() => undefined);
  if (admin !== null) return null;
  // Asked only of someone who is not an administrator: who they are decides where they go.
  const user = await queryClient.fetchQuery(currentUserQueryOptions());
  if (user === null && (await hasSession(queryClient))) return MFA_SETUP_PATH;
  return user?.role === 'analyst' ? ANALYST_HOME_PATH : ADMIN_LOGIN_PATH;
});
