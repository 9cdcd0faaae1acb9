import type { AdminAccount } from '@risk-profile/contracts';
import { dateFormats } from '../../../lib/time-zone';

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

/** "Never" until the first sign-in the audit trail holds; in the firm's zone, named (lib/time-zone). */
export const lastSignIn = (account: AdminAccount | null, timeZone: string | undefined): string =>
  account?.lastSignInAt ? dateFormats(timeZone).short(account.lastSignInAt) : 'Never';

/** "28 Nov 2026, 9:34 am AEDT" in the firm's zone. */
export const formatDateTime = (iso: string, timeZone: string | undefined): string =>
  dateFormats(timeZone).short(iso);
