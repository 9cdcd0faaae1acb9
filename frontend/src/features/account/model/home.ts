import type { UserRole } from '@risk-profile/contracts';

/** Where each role works, for the way back from the account page (its own part of the site). */
export const HOME_OF: Readonly<Record<UserRole, { path: string; label: string }>> = {
  adviser: { path: '/adviser', label: 'Back to your clients' },
  analyst: { path: '/analyst', label: 'Back to the query page' },
  admin: { path: '/admin/dashboard', label: 'Back to the admin area' },
};
