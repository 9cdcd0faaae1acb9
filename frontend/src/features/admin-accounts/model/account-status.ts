import type { AdminAccount } from '@risk-profile/contracts';

export type AccountStatusTone = 'active' | 'pending' | 'expired' | 'disabled' | 'none';

export interface AccountStatus {
  label: string;
  tone: AccountStatusTone;
}

/** One word or two for an account's state, in the order an administrator must act on it. */
export function accountStatus(account: AdminAccount | null): AccountStatus {
  if (!account) return { label: 'No account', tone: 'none' };
  if (account.disabled) return { label: 'Disabled', tone: 'disabled' };
  const link = account.pendingLink;
  if (link?.expired) {
    return {
      label: link.kind === 'invitation' ? 'Invitation expired' : 'Reset link expired',
      tone: 'expired',
    };
  }
  if (link) return { label: link.kind === 'invitation' ? 'Invitation sent' : 'Reset sent', tone: 'pending' };
  if (!account.passwordSet) return { label: 'No password', tone: 'expired' };
  return { label: 'Active', tone: 'active' };
}

const DATE_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** "Never" until the first sign-in the audit trail holds. */
export const lastSignIn = (account: AdminAccount | null): string =>
  account?.lastSignInAt ? DATE_TIME.format(new Date(account.lastSignInAt)) : 'Never';

export const formatDateTime = (iso: string): string => DATE_TIME.format(new Date(iso));
