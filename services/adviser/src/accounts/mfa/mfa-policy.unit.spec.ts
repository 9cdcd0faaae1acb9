import { describe, expect, it } from 'vitest';
import { mfaRequiredRoles, parseRoleList } from './mfa-policy';

describe('MFA_REQUIRED_ROLES', () => {
  it('defaults to administrators and analysts in production, nobody elsewhere', () => {
    expect([...mfaRequiredRoles({ NODE_ENV: 'production' })]).toEqual(['admin', 'analyst']);
    expect([...mfaRequiredRoles({})]).toEqual([]);
    expect([...mfaRequiredRoles({ NODE_ENV: 'development' })]).toEqual([]);
  });

  it('takes the configured list over the default, an empty one meaning nobody', () => {
    expect([...mfaRequiredRoles({ MFA_REQUIRED_ROLES: 'adviser, admin', NODE_ENV: 'production' })]).toEqual([
      'adviser',
      'admin',
    ]);
    expect([...mfaRequiredRoles({ MFA_REQUIRED_ROLES: '', NODE_ENV: 'production' })]).toEqual([]);
  });

  it('refuses a name that is not a role', () => {
    expect(parseRoleList('admin,root')).toBeNull();
  });
});
