import { createFileRoute } from '@tanstack/react-router';
import { AdminAccountsPage } from '../../features/admin-accounts/components/admin-accounts-page';
import { AdminShell } from '../../features/admin-dashboard/components/admin-shell';

export const Route = createFileRoute('/admin/advisers')({
  // The shell's gate sends a signed-in analyst to the query page, anyone else who is no administrator to sign in.
  component: () => (
    <AdminShell title="Advisers and accounts">
      <AdminAccountsPage />
    </AdminShell>
  ),
});
