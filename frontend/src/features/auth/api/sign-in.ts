import type { LoginBody, MfaVerifyBody, SignInAnswer, User } from '@risk-profile/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * Adviser (or administrator) sign-in at /login. The session arrives as an httpOnly cookie, or
 * (an account with a second factor) the answer asks for a code first.
 */
export function signIn(body: LoginBody): Promise<SignInAnswer> {
  return callEndpoint('login', { body });
}

/** Administrator sign-in at /admin/login: any other account is refused like a wrong password. */
export function adminSignIn(body: LoginBody): Promise<SignInAnswer> {
  return callEndpoint('adminLogin', { body });
}

export function useSignIn(kind: 'user' | 'admin') {
  return useMutation({ mutationFn: kind === 'admin' ? adminSignIn : signIn });
}

/** The second step: a code from the app, or a recovery code; the session cookie arrives with the answer. */
export async function verifySecondFactor(body: MfaVerifyBody): Promise<User> {
  return (await callEndpoint('verifyMfa', { body })).user;
}

export function useVerifySecondFactor() {
  return useMutation({ mutationFn: verifySecondFactor });
}
