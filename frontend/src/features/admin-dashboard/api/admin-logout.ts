import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Logs out, then forgets every cached answer and goes to the admin login, whatever the outcome. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint('adminLogout'),
    onError: (error) => console.warn('Logout failed', error),
    onSettled: () => {
      queryClient.clear();
      // A full navigation drops every in-memory trace of the session as well.
      window.location.assign('/admin/login');
    },
  });
}
