import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Logs out, then forgets every cached answer and goes to the admin login (through the provider's logout after single sign-on), whatever the outcome. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint('adminLogout'),
    onError: (error) => console.warn('Logout failed', error),
    onSettled: (answer) => {
      queryClient.clear();
      // A full navigation drops every in-memory trace of the session as well; after single sign-on
      // it goes through the provider's logout, which returns to the admin login.
      window.location.assign(answer?.logoutUrl ?? '/admin/login');
    },
  });
}
