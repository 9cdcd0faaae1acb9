import type { MfaStatus, User } from '@risk-profile/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { currentUserQueryOptions } from './auth';
import { mfaStatusQueryOptions } from './mfa-status';
import { createQueryClient } from './query-client';
import { signedInUser, signInRedirect } from './sign-in-redirect';

const ADVISER: User = { id: 'u1', email: 'a@example.com', role: 'adviser', name: 'A', adviserSlug: 'a' };

function signedInAs(user: User | null): QueryClient {
  // The application's client: who is signed in is asked once per page.
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
  // No session at all: the second-factor status answers 401 too.
  queryClient.setQueryData(mfaStatusQueryOptions().queryKey, null);
  return queryClient;
}

describe('the sign-in redirect', () => {
  it('sends a visitor to sign in, without asking the page where', async () => {
    const access = signedInUser(() => '/never');
    expect(await access(signedInAs(null))).toBe('/login');
    expect(await signedInUser(() => null, '/admin/login')(signedInAs(null))).toBe('/admin/login');
  });

  it('sends a session that may only set up a second factor to the account page', async () => {
    const queryClient = signedInAs(null);
    const status: MfaStatus = { totp: false, recoveryCodesLeft: 0, required: true };
    queryClient.setQueryData(mfaStatusQueryOptions().queryKey, status);
    expect(await signedInUser(() => '/never')(queryClient)).toBe('/account');
  });

  it('asks the page where a signed-in user goes', async () => {
    expect(
      await signedInUser((user) => (user.role === 'adviser' ? null : '/x'))(signedInAs(ADVISER)),
    ).toBeNull();
    expect(await signedInUser(() => '/analyst')(signedInAs(ADVISER))).toBe('/analyst');
  });

  it('is a full navigation that replaces the address, and lets the page load when there is nowhere to go', async () => {
    const context = { queryClient: signedInAs(null) };
    const thrown = await signInRedirect(async () => '/login')({ context }).catch((error: unknown) => error);
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: object }).options).toMatchObject({
      href: '/login',
      replace: true,
      reloadDocument: true,
    });
    await expect(signInRedirect(async () => null)({ context })).resolves.toBeUndefined();
  });
});
