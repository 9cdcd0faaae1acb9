import type { AdminAccount } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { accountStatus, lastSignIn } from './account-status';

const account: AdminAccount = {
  id: '0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11',
  email: 'jane@example.com',
  name: 'Jane Smith',
  role: 'adviser',
  disabled: false,
  passwordSet: true,
  pendingLink: null,
  lastSignInAt: null,
  createdAt: '2026-01-10T09:00:00.000Z',
  adviserSlug: 'jane-smith',
  analystAccess: false,
  secondFactor: false,
};
const link = { sentAt: '2026-01-10T09:00:00.000Z', expiresAt: '2026-01-13T09:00:00.000Z' };

describe('accountStatus', () => {
  it.each([
    ['no account', null, 'No account'],
    ['an active account', account, 'Active'],
    [
      'a disabled account, whatever its links',
      { ...account, disabled: true, pendingLink: { ...link, kind: 'reset', expired: false } },
      'Disabled',
    ],
    [
      'an open invitation',
      { ...account, passwordSet: false, pendingLink: { ...link, kind: 'invitation', expired: false } },
      'Invitation sent',
    ],
    [
      'an expired invitation',
      { ...account, passwordSet: false, pendingLink: { ...link, kind: 'invitation', expired: true } },
      'Invitation expired',
    ],
    [
      'an open reset',
      { ...account, passwordSet: false, pendingLink: { ...link, kind: 'reset', expired: false } },
      'Reset sent',
    ],
    ['no password and no link', { ...account, passwordSet: false }, 'No password'],
  ] as const)('names %s', (_, value, label) => {
    expect(accountStatus(value as AdminAccount | null).label).toBe(label);
  });
});

describe('lastSignIn', () => {
  it('says never before the first sign-in', () => {
    expect(lastSignIn(account, 'Australia/Sydney')).toBe('Never');
  });

  // Issue 42, item 6: in the firm's zone, named, whatever the browser's zone.
  it("says when in the firm's zone", () => {
    expect(lastSignIn({ ...account, lastSignInAt: '2026-01-10T20:00:00.000Z' }, 'Australia/Sydney')).toBe(
      '11 Jan 2026, 7:00 am AEDT',
    );
  });
});
