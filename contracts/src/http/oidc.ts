import { z } from 'zod';
import type { UserRole } from './auth';
import { defineEndpoint } from './endpoint';

/** What the sign-in pages offer besides the password. */
export const signInOptionsSchema = z.object({
  /** "Sign in with your organisation": single sign-on with OpenID Connect is configured. */
  sso: z.boolean(),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

export const signInOptionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/sign-in-options',
  service: 'adviser',
  access: 'public',
  summary: 'Whether the sign-in pages offer single sign-on (OIDC_ISSUER and its client configured).',
  responses: { 200: signInOptionsSchema },
});

/** The sign-in page that started single sign-on: a refusal returns there, an administrator's lands in the admin area. */
export const SSO_SIGN_IN_PAGES = { user: '/login', admin: '/admin/login' } as const;
export type SsoSignInPage = keyof typeof SSO_SIGN_IN_PAGES;

export const oidcLoginQuerySchema = z.object({
  page: z.enum(['user', 'admin']).default('user'),
});

/** A redirect answers every browser navigation of single sign-on, never JSON. */
const redirectResponses = { 302: z.string() } as const;

export const oidcLoginEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/oidc/login',
  service: 'adviser',
  access: 'public',
  summary:
    "Starts single sign-on: a redirect to the organisation's identity provider (authorisation code with PKCE), or back to the sign-in page with `ssoError` when it is not available.",
  query: oidcLoginQuerySchema,
  responses: redirectResponses,
});

const callbackParameter = z.string().max(4096).optional();

/** The authorisation response's parameters; openid-client checks them against the flow's state. */
export const oidcCallbackQuerySchema = z.object({
  code: callbackParameter,
  state: callbackParameter,
  iss: callbackParameter,
  error: callbackParameter,
  error_description: callbackParameter,
  session_state: callbackParameter,
});

export const oidcCallbackEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/oidc/callback',
  service: 'adviser',
  access: 'public',
  summary:
    "The redirect URI (PUBLIC_URL/api/auth/oidc/callback): checks state, nonce and the ID token, signs in the enabled account of the token's verified email and redirects to its landing page, or to the sign-in page with `ssoError`.",
  query: oidcCallbackQuerySchema,
  responses: redirectResponses,
});

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

/** The sign-in pages' search: a refusal of single sign-on to show. Anything else is ignored. */
export const signInSearchSchema = z.object({
  ssoError: z.enum(SSO_REFUSALS).optional().catch(undefined),
});

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
