import type { UserRole } from './roles';

/*
 * The sign-in pages' plain data: where single sign-on starts and lands, and the refusals it can
 * bring back, in words. Kept apart from the schemas (oidc.ts) so that the routes, which every page
 * loads, can read a sign-in address without loading zod.
 */

/** The sign-in page that started single sign-on: a refusal returns there, an administrator's lands in the admin area. */
export const SSO_SIGN_IN_PAGES = { user: '/login', admin: '/admin/login' } as const;
export type SsoSignInPage = keyof typeof SSO_SIGN_IN_PAGES;

/** Why single sign-on was refused: the sign-in page's `ssoError` parameter. */
export const SSO_REFUSALS = [
  'unavailable',
  'expired',
  'provider',
  'unverified-email',
  'no-account',
  'disabled',
  'not-admin',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

export const SSO_REFUSAL_MESSAGES: Readonly<Record<SsoRefusal, string>> = {
  unavailable: 'Signing in with your organisation is not available just now. Please try again later.',
  expired:
    'The sign-in with your organisation could not be completed: it took too long or was started in another browser. Please try again.',
  provider: 'Your organisation did not complete the sign-in. Please try again.',
  'unverified-email':
    'Your organisation did not give a verified email address, so it cannot sign you in here. Please ask your IT team.',
  'no-account':
    'No account here uses the email address your organisation gave. Please ask your administrator for an account.',
  disabled: 'This account is disabled. Please contact your administrator.',
  'not-admin': 'This account is not an administrator’s. Please sign in at the adviser sign-in page.',
};

/** What password sign-in answers (401, code SSO_REQUIRED) to a role of SSO_ONLY_ROLES. */
export const SSO_REQUIRED_MESSAGE =
  'Your organisation signs you in to this account: please use “Sign in with your organisation”.';

/** Where a single sign-on lands: as the page's own password sign-in would. */
export function ssoLanding(role: UserRole, page: SsoSignInPage): string {
  if (page === 'admin') return '/admin/dashboard';
  if (role === 'adviser') return '/adviser';
  if (role === 'analyst') return '/analyst';
  return '/';
}
