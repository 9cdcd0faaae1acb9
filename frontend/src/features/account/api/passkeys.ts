import { buildPath, ENDPOINT_ROUTES, type Passkey, type RegisterPasskeyBody } from '@risk-profile/contracts';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { useSessionChanged } from '../../../lib/auth';

const PASSKEYS_KEY = ['auth', 'passkeys'] as const;
type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];

/** The account's passkeys: name, when added, when last used. */
export function usePasskeys() {
  return useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: async () => (await callEndpoint('listPasskeys')).passkeys,
    retry: false,
  });
}

/**
 * Creates a passkey on this device (the browser asks for its screen lock or PIN) and adds it
 * under `name`. A session limited to setting up a second factor comes back a full one.
 */
export function useAddPasskey() {
  const sessionChanged = useSessionChanged();
  return useMutation<Passkey, Error, string>({
    mutationFn: async (name) => {
      const optionsJSON = (await callEndpoint('passkeyRegistrationOptions')) as unknown as CreationOptions;
      // The DOM's extension outputs have no index signature; the server checks the answer itself.
      const response = (await startRegistration({ optionsJSON })) as RegisterPasskeyBody['response'];
      return (await callEndpoint('registerPasskey', { body: { name, response } })).passkey;
    },
    onSuccess: () => sessionChanged(),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, string>({
    mutationFn: (id) =>
      callEndpoint('removePasskey', { path: buildPath(ENDPOINT_ROUTES.removePasskey, { id }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}
