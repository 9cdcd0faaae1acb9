import { USER_ROLES, type UserRole } from '@risk-profile/contracts';

/** The roles of a comma-separated list ("" is none), or null when a name is not a role. */
export function parseRoleList(value: string): UserRole[] | null {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (!names.every((name) => (USER_ROLES as readonly string[]).includes(name))) return null;
  return [...new Set(names as UserRole[])];
}

/** Production's default: the accounts that can read or query everything. */
const PRODUCTION_DEFAULT: readonly UserRole[] = ['admin', 'analyst'];

/**
 * MFA_REQUIRED_ROLES as configured, else `admin,analyst` in production and none elsewhere, so
 * the demo accounts keep signing in with a password alone.
 */
export function mfaRequiredRoles(config: {
  MFA_REQUIRED_ROLES?: string | undefined;
  NODE_ENV?: string | undefined;
}): ReadonlySet<UserRole> {
  if (config.MFA_REQUIRED_ROLES !== undefined) return new Set(parseRoleList(config.MFA_REQUIRED_ROLES) ?? []);
  return new Set(config.NODE_ENV === 'production' ? PRODUCTION_DEFAULT : []);
}
