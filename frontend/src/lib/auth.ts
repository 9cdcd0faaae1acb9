import type { User } from '@risk-profile/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from './api-client';
import { arrivedWithLinkToken } from './link-arrival';
import { toast } from './toast';

/**
 * The signed-in user, or null. Any failure (401 without a session, 404 before the service is
 * deployed, a network error) means "anonymous": the public pages must never depend on it.
 */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await callEndpoint('getCurrentUser');
  } catch {
    return null;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'user'] as const, queryFn: fetchCurrentUser });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/**
 * After the session itself changed (a second factor turned on or off, a passkey added: a session
 * limited to setting one up comes back a full one), every cached answer is asked again: the
 * admin area's `['admin', 'me']` too, which a hovered link may have cached as refused before.
 */
export function useSessionChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint('logout'),
    onSuccess: () => toast({ title: 'Logged out', variant: 'success' }),
    onError: (error) => console.warn('Logout failed', error),
    onSettled: (answer) => {
      queryClient.clear();
      // After single sign-on, the provider ends its session too, then sends the browser to /login.
      // A client who came through a questionnaire link has no sign-in page to return to.
      const destination = answer?.logoutUrl ?? (arrivedWithLinkToken() ? '/' : '/login');
      // A full navigation drops every in-memory trace of the session.
      window.setTimeout(() => window.location.assign(destination), 600);
    },
  });
}
