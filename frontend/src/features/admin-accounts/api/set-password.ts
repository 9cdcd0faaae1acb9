import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

export function useSetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => callEndpoint('setPassword', { body }),
  });
}
