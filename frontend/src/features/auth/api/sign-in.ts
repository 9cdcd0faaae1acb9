import type { LoginBody, User } from '@risk-profile/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Adviser (or administrator) sign-in at /login; the session arrives as an httpOnly cookie. */
export async function signIn(body: LoginBody): Promise<User> {
  return (await callEndpoint('login', { body })).user;
}

/** Administrator sign-in at /admin/login: any other account is refused like a wrong password. */
export async function adminSignIn(body: LoginBody): Promise<User> {
  return (await callEndpoint('adminLogin', { body })).user;
}

export function useSignIn(kind: 'user' | 'admin') {
  return useMutation({ mutationFn: kind === 'admin' ? adminSignIn : signIn });
}
