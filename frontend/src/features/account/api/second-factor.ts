import type { TotpSetup } from '@risk-profile/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { mfaStatusQueryOptions } from '../../../lib/mfa-status';

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions());
}

/** A new secret for the app (replacing one not yet confirmed); shown once, never again. */
export function useSetupTotp() {
  return useMutation<TotpSetup, Error, void>({ mutationFn: () => callEndpoint('setupTotp') });
}

/** Every change to the factor changes the status and, when a limited session was replaced, who is signed in. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['auth'] });
}

/** Turns the app on with its first code: the recovery codes, shown only now. */
export function useConfirmTotp() {
  const refresh = useRefresh();
  return useMutation<string[], Error, string>({
    mutationFn: async (code) => (await callEndpoint('confirmTotp', { body: { code } })).recoveryCodes,
    onSuccess: () => refresh(),
  });
}

export function useDisableTotp() {
  const refresh = useRefresh();
  return useMutation<unknown, Error, string>({
    mutationFn: (code) => callEndpoint('disableTotp', { body: { code } }),
    onSuccess: () => refresh(),
  });
}
