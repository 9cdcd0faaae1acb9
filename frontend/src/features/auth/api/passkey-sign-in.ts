import type { PasskeyAssertionBody, SsoSignInPage, User } from '@risk-profile/contracts';
import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** The browser's assertion; the DOM's extension outputs have no index signature, the server checks it all. */
const assertion = async (optionsJSON: RequestOptions) =>
  (await startAuthentication({ optionsJSON })) as PasskeyAssertionBody['response'];

/**
 * Signs in with a passkey instead of a password: the browser offers the passkeys it holds for
 * the site and asks for the device's screen lock; the session cookie arrives with the answer.
 */
export async function signInWithPasskey(page: SsoSignInPage): Promise<User> {
  const optionsJSON = (await callEndpoint('passkeySignInOptions', {
    body: { page },
  })) as unknown as RequestOptions;
  return (await callEndpoint('passkeySignIn', { body: { response: await assertion(optionsJSON) } })).user;
}

/** The second step after a right password, with one of the account's passkeys. */
export async function verifyWithPasskey(): Promise<User> {
  const optionsJSON = (await callEndpoint('mfaPasskeyOptions')) as unknown as RequestOptions;
  return (await callEndpoint('verifyMfaPasskey', { body: { response: await assertion(optionsJSON) } })).user;
}

export function usePasskeySignIn(page: SsoSignInPage) {
  return useMutation({ mutationFn: () => signInWithPasskey(page) });
}

export function usePasskeySecondStep() {
  return useMutation({ mutationFn: verifyWithPasskey });
}
