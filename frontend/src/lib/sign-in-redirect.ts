import type { User } from '@risk-profile/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { currentUserQueryOptions } from './auth';
import { hasSession, MFA_SETUP_PATH } from './mfa-status';

const LOGIN_PATH = '/login';

/** Where someone who may not see a page goes instead (to sign in, or to their own area), or null. */
export type PageAccess = (queryClient: QueryClient) => Promise<string | null>;

/**
 * The access of a page for signed-in users: a visitor signs in at `login`, a user goes where
 * `elsewhere` says (null: they stay), a session that may only set up a second factor goes to do that. Who is signed in is asked once and cached, as `useCurrentUser`.
 */
export function signedInUser(elsewhere: (user: User) => string | null, login = LOGIN_PATH): PageAccess {
  return async (queryClient) => {
    const user = await queryClient.fetchQuery(currentUserQueryOptions());
    if (user !== null) return elsewhere(user);
    return (await hasSession(queryClient)) ? MFA_SETUP_PATH : login;
  };
}

/**
 * The sign-in redirect of every page that is not public, as its route's `beforeLoad`: whoever
 * `access` turns away is sent on before the page renders (a preload on hover only looks). A full
 * navigation that replaces the address, as the destination belongs to another part of the site
 * and Back must not return to a page that sends them on again. A page whose data says the session
 * ended under it runs this again with `router.invalidate()`.
 */
export function signInRedirect(access: PageAccess) {
  return async ({ context }: { context: { queryClient: QueryClient } }) => {
    const destination = await access(context.queryClient);
    if (destination !== null) throw redirect({ href: destination, replace: true, reloadDocument: true });
  };
}
