import type { TotpSetup } from '@risk-profile/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { useSessionChanged } from '../../../lib/auth';
import { mfaStatusQueryOptions } from '../../../lib/mfa-status';

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions());
}

/** A new secret for the app (replacing one not yet confirmed); shown once, never again. */
export function useSetupTotp() {
  return useMutation<TotpSetup, Error, void>({ mutationFn: () => callEndpoint('setupTotp') });
}

/** Turns the app on with its first code: the recovery codes, shown only now. */
export function useConfirmTotp() {
  const refresh = useSessionChanged();
  return useMutation<string[], Error, string>({
    mutationFn: async (code) => (await callEndpoint('confirmTotp', { body: { code } })).recoveryCodes,
    onSuccess: () => refresh(),
  });
}

export function useDisableTotp() {
  const refresh = useSessionChanged();
  return useMutation<unknown, Error, string>({
    mutationFn: (code) => callEndpoint('disableTotp', { body: { code } }),
    onSuccess: () => refresh(),
  });
}
