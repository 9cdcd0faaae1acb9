import type { User } from '@risk-profile/contracts';
import type { z } from 'zod';

/** The message the pages show when a refusal carries none of its own. */
export const LOGIN_FAILED_FALLBACK = 'Login failed. Please check your credentials.';

export type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** Field messages of a form schema: the first message for each field, as the page shows them. */
export function fieldErrors(schema: z.ZodType, values: { email: string; password: string }): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The adviser's workspace: where an adviser lands after signing in at /login. */
export const ADVISER_HOME_PATH = '/adviser';

/** The analyst's query page: where an analyst lands, and where adviser and admin pages send one. */
export const ANALYST_HOME_PATH = '/analyst';

/**
 * Where /login sends the user it signed in: an adviser to their workspace, an analyst to the
 * query page, an administrator to the assessment, as before the workspace existed.
 */
export function landingAfterSignIn(user: Pick<User, 'role'>): string {
  if (user.role === 'adviser') return ADVISER_HOME_PATH;
  if (user.role === 'analyst') return ANALYST_HOME_PATH;
  return '/';
}
