import { z } from 'zod';
import { MESSAGES } from '../messages';
import { defineEndpoint, errorBodySchema } from './endpoint';
import { INVALID_EMAIL_MESSAGE, MAX_EMAIL_LENGTH } from './limits';
import { USER_ROLES } from './roles';

export const userRoleSchema = z.enum(USER_ROLES);

export const userSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  role: userRoleSchema,
  name: z.string(),
  /** The adviser page an adviser account speaks for (its address is PUBLIC_URL/slug); null for admins. */
  adviserSlug: z.string().nullable(),
  /**
   * May query the analytics store (/clickhouse and the query page): every analyst, and an
   * administrator only when given analyst access explicitly. Absent means no.
   */
  analystAccess: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });

/** bcrypt reads at most 72 bytes; the cap only stops huge bodies from costing hashing time. */
const MAX_PASSWORD_LENGTH = 1024;

/** What the servers accept; the forms below carry the stricter, worded checks of each page. */
export const loginBodySchema = z.object({
  email: z.string().trim().max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE).pipe(z.email(INVALID_EMAIL_MESSAGE)),
  password: z.string().min(1, 'Password is required.').max(MAX_PASSWORD_LENGTH),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** The /login page's minimum (docs/product-rules.md, constants). */
export const CLIENT_LOGIN_PASSWORD_MIN_LENGTH = 6;

/** The /login page's form, with the product's exact messages. */
export const clientLoginFormSchema = z.object({
  email: z.email(MESSAGES.clientLoginEmail),
  password: z.string().min(CLIENT_LOGIN_PASSWORD_MIN_LENGTH, MESSAGES.clientLoginPassword),
});

/** The /admin/login page's form; its messages differ from /login's on purpose (the spec's wording). */
export const adminLoginFormSchema = z.object({
  email: z.email(MESSAGES.adminLoginEmail),
  password: z.string().min(1, MESSAGES.adminLoginPassword),
});

export const getCurrentUserEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/user',
  service: 'adviser',
  access: 'signed-in',
  summary: 'The signed-in user; 401 when there is no valid session.',
  responses: { 200: userSchema, 401: errorBodySchema },
});

/**
 * A right password answers one of three ways: signed in; signed in only to set up a second factor
 * (MFA_REQUIRED_ROLES names the role and the account has none); or no session yet, the second
 * step (`POST /api/auth/mfa/verify`) pending in a short-lived cookie.
 */
/** The second factors an account may finish a sign-in with, as the pending step names them. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export const signInAnswerSchema = z.union([
  z.object({ user: userSchema, mfaSetupRequired: z.literal(true).optional() }),
  z.object({ mfaRequired: z.literal(true), methods: z.array(z.enum(SECOND_FACTOR_METHODS)) }),
]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** Both sign-ins answer alike: 401 for wrong details, 429 when limited or locked, 503 when busy. */
const signInResponses = {
  200: signInAnswerSchema,
  400: errorBodySchema,
  401: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
} as const;

export const loginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  service: 'adviser',
  access: 'public',
  summary:
    'Adviser (or admin) sign-in; sets the session cookie, or answers `mfaRequired` (no session) when the account has a second factor.',
  body: loginBodySchema,
  responses: signInResponses,
});

export const logoutResponseSchema = z.object({
  message: z.literal('Logged out'),
  /**
   * After single sign-on, when the provider offers RP-initiated logout: its end-session address
   * (with id_token_hint and post_logout_redirect_uri), where the page goes next.
   */
  logoutUrl: z.url().optional(),
});

export const logoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  service: 'adviser',
  access: 'public',
  summary: 'Clears the session cookie; succeeds without a session too.',
  responses: { 200: logoutResponseSchema },
});

export const adminLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/login',
  service: 'adviser',
  access: 'public',
  summary:
    'Administrator sign-in; refuses accounts without the admin role (401); answers `mfaRequired` like /api/auth/login.',
  body: loginBodySchema,
  responses: signInResponses,
});

export const adminMeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/me',
  service: 'adviser',
  access: 'admin',
  summary: 'The signed-in administrator; 401 without a session, 403 for a non-admin session.',
  responses: { 200: userSchema, 401: errorBodySchema, 403: errorBodySchema },
});

export const adminLogoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/logout',
  service: 'adviser',
  access: 'public',
  summary: 'Clears the administrator session cookie.',
  responses: { 200: logoutResponseSchema },
});
