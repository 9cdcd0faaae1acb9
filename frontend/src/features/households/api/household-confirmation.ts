import { ENDPOINT_ROUTES } from '@risk-profile/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '../../../lib/api-client';

/** What a member confirms, read with the token of their confirmation link. */
export const householdConfirmationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['household-confirmation', token] as const,
    queryFn: ({ signal }) =>
      callEndpoint('getHouseholdConfirmation', {
        path: `${ENDPOINT_ROUTES.getHouseholdConfirmation.path}?${new URLSearchParams({ token }).toString()}`,
        signal,
      }),
  });

/** The member's signature; the answer (with the time of confirming) replaces what the page shows. */
export function useConfirmHouseholdProfile(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signatureName: string) =>
      callEndpoint('confirmHouseholdProfile', { body: { token, signatureName } }),
    onSuccess: (confirmation) =>
      queryClient.setQueryData(householdConfirmationQueryOptions(token).queryKey, confirmation),
    // Confirmed already (another tab), or the agreement was replaced: show what stands now.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: householdConfirmationQueryOptions(token).queryKey });
      }
    },
  });
}
