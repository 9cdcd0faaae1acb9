import { describe, expect, it } from 'vitest';
import { removalRefusal } from './removal-rule';

const left = { otherPasskeys: 0, totp: false, password: true, roleRequiresSecondFactor: false };

describe('removalRefusal', () => {
  it('lets a passkey go while another remains, whatever else the account has', () => {
    expect(
      removalRefusal({ ...left, otherPasskeys: 1, password: false, roleRequiresSecondFactor: true }),
    ).toBe(null);
  });

  it('lets the last passkey go when a password remains and the role needs no second factor', () => {
    expect(removalRefusal(left)).toBe(null);
  });

  it('keeps the last passkey of an account without a password', () => {
    expect(removalRefusal({ ...left, password: false, totp: true })).toBe('last-way-in');
  });

  it('keeps the last second factor of a role that must have one', () => {
    expect(removalRefusal({ ...left, roleRequiresSecondFactor: true })).toBe('required-by-policy');
  });

  it('lets the last passkey of such a role go when its app remains', () => {
    expect(removalRefusal({ ...left, roleRequiresSecondFactor: true, totp: true })).toBe(null);
  });
});
