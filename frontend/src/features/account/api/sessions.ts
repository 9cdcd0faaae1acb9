import { buildPath, ENDPOINT_ROUTES } from '@risk-profile/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const SESSIONS_KEY = ['auth', 'sessions'] as const;

/** The account's own sessions, newest first, the current one marked. */
export function useSessions(enabled: boolean) {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => (await callEndpoint('listSessions')).sessions,
    enabled,
    retry: false,
  });
}

/** Ends one session at once; ending the current one signs this browser out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, string>({
    mutationFn: (id) => callEndpoint('endSession', { path: buildPath(ENDPOINT_ROUTES.endSession, { id }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
