import { hasAnalystAccess, type User } from '@risk-profile/contracts';

/**
 * Where a signed-in user who may not query goes instead: an adviser to their workspace, an
 * administrator without analyst access to the admin area (a visitor signs in, `analystAccess`).
 */
export function elsewhere(user: User): string | null {
  if (hasAnalystAccess(user)) return null;
  return user.role === 'adviser' ? '/adviser' : '/admin/dashboard';
}
