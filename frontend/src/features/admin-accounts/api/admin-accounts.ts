import {
  type AdminAdviser,
  buildPath,
  type CreateAdviserBody,
  ENDPOINT_ROUTES,
  type UpdateAdviserBody,
} from '@risk-profile/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const ADVISERS_KEY = ['admin', 'advisers'] as const;
const ACCOUNTS_KEY = ['admin', 'accounts'] as const;

export function useAdminAdvisers() {
  return useQuery({
    queryKey: ADVISERS_KEY,
    queryFn: async () => (await callEndpoint('listAdminAdvisers')).advisers,
    retry: false,
  });
}

export function useAdminAccounts() {
  return useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: async () => (await callEndpoint('listAdminAccounts')).accounts,
    retry: false,
  });
}

/** Every change refreshes both lists: an adviser row carries its account. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADVISERS_KEY }),
      queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
    ]);
}

export function useCreateAdviser() {
  const refresh = useRefresh();
  return useMutation<AdminAdviser, Error, CreateAdviserBody>({
    mutationFn: (body) => callEndpoint('createAdviser', { body }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateAdviser() {
  const refresh = useRefresh();
  return useMutation<AdminAdviser, Error, { slug: string; body: UpdateAdviserBody }>({
    mutationFn: ({ slug, body }) =>
      callEndpoint('updateAdviser', { path: buildPath(ENDPOINT_ROUTES.updateAdviser, { slug }), body }),
    onSuccess: () => refresh(),
  });
}

export type AccountAction = 'disable' | 'enable' | 'reset-password' | 'reset-second-factor';

const ACTION_ENDPOINTS = {
  disable: 'disableAccount',
  enable: 'enableAccount',
  'reset-password': 'resetAccountPassword',
  'reset-second-factor': 'resetSecondFactor',
} as const;

export function useAccountAction() {
  const refresh = useRefresh();
  return useMutation<unknown, Error, { id: string; action: AccountAction }>({
    mutationFn: ({ id, action }) => {
      const name = ACTION_ENDPOINTS[action];
      return callEndpoint(name, { path: buildPath(ENDPOINT_ROUTES[name], { id }) });
    },
    onSuccess: () => refresh(),
  });
}

export function useCreateAnalyst() {
  const refresh = useRefresh();
  return useMutation<{ id: string; email: string }, Error, { name: string; email: string }>({
    mutationFn: (body) => callEndpoint('createAnalyst', { body }),
    onSuccess: () => refresh(),
  });
}

/** Gives an administrator analyst access or takes it away (ending that account's sessions). */
export function useSetAnalystAccess() {
  const refresh = useRefresh();
  return useMutation<unknown, Error, { id: string; analystAccess: boolean }>({
    mutationFn: ({ id, analystAccess }) =>
      callEndpoint('setAnalystAccess', {
        path: buildPath(ENDPOINT_ROUTES.setAnalystAccess, { id }),
        body: { analystAccess },
      }),
    onSuccess: () => refresh(),
  });
}

/** The signed-in administrator, so the page can tell which account is their own. */
export function useCurrentAdmin() {
  return useQuery({
    queryKey: ['admin', 'me'] as const,
    queryFn: () => callEndpoint('adminMe'),
    retry: false,
  });
}
