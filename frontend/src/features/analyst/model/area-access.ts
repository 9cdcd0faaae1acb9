import { hasAnalystAccess, type User } from '@risk-profile/contracts';

/**
 * Where someone who may not query goes instead: a visitor to sign in, an adviser to their
 * workspace, an administrator without analyst access to the admin area.
 */
export function elsewhere(user: User | null): string | null {
  if (user === null) return '/login';
  if (hasAnalystAccess(user)) return null;
  return user.role === 'adviser' ? '/adviser' : '/admin/dashboard';
}
