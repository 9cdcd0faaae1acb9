import { createFileRoute } from '@tanstack/react-router';
import { AdminAccountsPage } from '../../features/admin-accounts/components/admin-accounts-page';
import { AdminGate } from '../../features/admin-dashboard/components/admin-shell';

export const Route = createFileRoute('/admin/advisers')({
  // The gate sends a signed-in analyst to the query page, anyone else who is no administrator to sign in.
  component: () => (
    <AdminGate loggingOut={false}>
      <AdminAccountsPage />
    </AdminGate>
  ),
});
