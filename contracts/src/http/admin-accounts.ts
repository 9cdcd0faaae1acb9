import { z } from 'zod';
import { adviserSlugSchema } from './advisers';
import { userRoleSchema } from './auth';
import { defineEndpoint, errorBodySchema } from './endpoint';
import { INVALID_EMAIL_MESSAGE, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from './limits';
import { isoDateTimeSchema, messageBodySchema, withMarkLimit } from './primitives';

/**
 * The administrator's advisers and accounts: advisers are created with an account that has no
 * password until its holder follows the invitation link; accounts are disabled, enabled and sent
 * password resets. The adviser service serves all of it and records each change, with the
 * acting administrator, in its account audit trail.
 */

/** How long an invitation or password-reset link works. */
export const ACCOUNT_LINK_TTL_HOURS = 72;
export const MAX_LICENCE_NUMBER_LENGTH = 100;
export const MAX_DISCLAIMER_LENGTH = 2000;
/** The front end's page that takes the token of an invitation or reset link. */
export const SET_PASSWORD_PAGE_PATH = '/set-password';

const requiredName = (what: string) =>
  withMarkLimit(
    z
      .string({ error: `${what} is required.` })
      .trim()
      .min(1, `${what} is required.`)
      .max(MAX_NAME_LENGTH, `${what} must be at most ${MAX_NAME_LENGTH} characters.`),
  );

const accountEmailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE)
  .pipe(z.email(INVALID_EMAIL_MESSAGE));

/** Absent or blank means none; the stored value is trimmed text or null. */
const optionalText = (max: number, what: string) =>
  withMarkLimit(z.string().trim().max(max, `${what} must be at most ${max} characters.`))
    .nullish()
    .transform((value) => (value ? value : null));

/** In an edit: absent leaves the value as it is, null or blank clears it. */
const editableText = (max: number, what: string) =>
  withMarkLimit(z.string().trim().max(max, `${what} must be at most ${max} characters.`))
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/** An invitation or reset link that has not been used and no newer one replaced. */
export const accountLinkSchema = z.object({
  kind: z.enum(['invitation', 'reset']),
  sentAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
  /** Past its 72 hours: the holder needs a new one (send a reset). */
  expired: z.boolean(),
});

export const adminAccountSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
  disabled: z.boolean(),
  /** False for an invited account whose holder has not set a password yet. */
  passwordSet: z.boolean(),
  /** The open invitation or reset link, if any. */
  pendingLink: accountLinkSchema.nullable(),
  /** The last successful sign-in the audit trail holds. */
  lastSignInAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  /** The adviser page the account speaks for (advisers only). */
  adviserSlug: z.string().nullable(),
  /** May query the analytics store: every analyst; an administrator only when given it. */
  analystAccess: z.boolean(),
  /** Signs in with an authenticator app after the password (an administrator may reset it, never read it). */
  secondFactor: z.boolean(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAdviserSchema = z.object({
  slug: z.string(),
  adviserName: z.string(),
  companyName: z.string(),
  email: z.string(),
  licenceNumber: z.string().nullable(),
  disclaimer: z.string().nullable(),
  /** Earlier page names: links sent with them still reach this adviser. */
  formerSlugs: z.array(z.string()),
  createdAt: isoDateTimeSchema,
  /** The adviser's sign-in account, or null for an adviser page without one. */
  account: adminAccountSchema.nullable(),
});
export type AdminAdviser = z.infer<typeof adminAdviserSchema>;

export const adminAdviserListSchema = z.object({ advisers: z.array(adminAdviserSchema) });
export const adminAccountListSchema = z.object({ accounts: z.array(adminAccountSchema) });

export const createAdviserBodySchema = z.object({
  slug: adviserSlugSchema,
  adviserName: requiredName('Adviser name'),
  companyName: requiredName('Company'),
  email: accountEmailSchema,
  licenceNumber: optionalText(MAX_LICENCE_NUMBER_LENGTH, 'Licence number'),
  disclaimer: optionalText(MAX_DISCLAIMER_LENGTH, 'Disclaimer'),
});
export type CreateAdviserBody = z.input<typeof createAdviserBodySchema>;

/** Only the fields sent change; a new slug keeps the old one resolving to this adviser. */
export const updateAdviserBodySchema = z
  .strictObject(
    {
      slug: adviserSlugSchema.optional(),
      adviserName: requiredName('Adviser name').optional(),
      companyName: requiredName('Company').optional(),
      email: accountEmailSchema.optional(),
      licenceNumber: editableText(MAX_LICENCE_NUMBER_LENGTH, 'Licence number'),
      disclaimer: editableText(MAX_DISCLAIMER_LENGTH, 'Disclaimer'),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Only slug, adviserName, companyName, email, licenceNumber and disclaimer can be changed.'
          : undefined,
    },
  )
  .refine(
    (change) => Object.values(change).some((value) => value !== undefined),
    'Send at least one detail to change.',
  );
export type UpdateAdviserBody = z.input<typeof updateAdviserBodySchema>;

/** bcrypt reads at most 72 bytes; the server gives the exact rule (length, common passwords). */
const MAX_PASSWORD_LENGTH = 1024;

export const setPasswordBodySchema = z.object({
  token: z
    .string({ error: 'The link has no token.' })
    .min(1, 'The link has no token.')
    .max(200, 'This link is not valid.'),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(MAX_PASSWORD_LENGTH),
});

const adminErrors = { 401: errorBodySchema, 403: errorBodySchema } as const;

export const listAdminAdvisersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/advisers',
  service: 'adviser',
  access: 'admin',
  summary: 'Every adviser with their account (status, open invitation, last sign-in), by name.',
  responses: { 200: adminAdviserListSchema, ...adminErrors },
});

export const listAdminAccountsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/accounts',
  service: 'adviser',
  access: 'admin',
  summary: 'Every sign-in account, administrators and advisers, by email.',
  responses: { 200: adminAccountListSchema, ...adminErrors },
});

export const createAdviserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/advisers',
  service: 'adviser',
  access: 'admin',
  summary:
    'Creates an adviser page and its account, without a password, and emails the adviser an invitation link (single use, 72 hours) to set one; 409 when the slug or email is taken.',
  body: createAdviserBodySchema,
  responses: { 201: adminAdviserSchema, 400: errorBodySchema, ...adminErrors, 409: errorBodySchema },
});

export const updateAdviserEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/admin/advisers/:slug',
  service: 'adviser',
  access: 'admin',
  summary:
    "Edits an adviser's details (names, company, email, licence number, disclaimer, slug); a former slug keeps resolving to the adviser. 409 when the new slug or email is taken.",
  body: updateAdviserBodySchema,
  responses: {
    200: adminAdviserSchema,
    400: errorBodySchema,
    ...adminErrors,
    404: errorBodySchema,
    409: errorBodySchema,
  },
});

const accountActionResponses = {
  200: adminAccountSchema,
  ...adminErrors,
  404: errorBodySchema,
  422: errorBodySchema,
} as const;

export const disableAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/accounts/:id/disable',
  service: 'adviser',
  access: 'admin',
  summary: "Disables an account and ends its sessions at once; 422 for the administrator's own account.",
  responses: accountActionResponses,
});

export const enableAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/accounts/:id/enable',
  service: 'adviser',
  access: 'admin',
  summary: 'Enables a disabled account: its holder can sign in again (earlier sessions stay ended).',
  responses: { 200: adminAccountSchema, ...adminErrors, 404: errorBodySchema },
});

export const resetAccountPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/accounts/:id/reset-password',
  service: 'adviser',
  access: 'admin',
  summary:
    "Ends the account's password and sessions at once and emails its holder a link (single use, 72 hours) to set a new password, replacing any earlier link. 422 for a disabled account or the administrator's own.",
  responses: accountActionResponses,
});

export const setPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/set-password',
  service: 'adviser',
  access: 'public',
  summary:
    "Sets an account's password with the token of an invitation or reset link, and ends the account's other sessions. 400 for a weak password or an unknown token; 410 for a link already used, replaced by a newer one, or expired.",
  body: setPasswordBodySchema,
  responses: { 200: messageBodySchema, 400: errorBodySchema, 410: errorBodySchema, 429: errorBodySchema },
});
