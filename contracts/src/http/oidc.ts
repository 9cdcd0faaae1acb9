import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { SSO_REFUSALS } from './sign-in-pages';

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

/**
 * The sign-in pages' search: a refusal of single sign-on to show. Anything else is ignored. The
 * pages parse it without zod (frontend's parseSignInSearch, tested against this schema).
 */
export const signInSearchSchema = z.object({
  ssoError: z.enum(SSO_REFUSALS).optional().catch(undefined),
});
