import { createFileRoute } from '@tanstack/react-router';
import { AdminAccountsPage } from '../../features/admin-accounts/components/admin-accounts-page';
import { adminOnly } from '../../features/admin-dashboard/api/get-admin-me';
import { AdminShell } from '../../features/admin-dashboard/components/admin-shell';

export const Route = createFileRoute('/admin/advisers')({
  beforeLoad: adminOnly,
  component: () => (
    <AdminShell title="Advisers and accounts">
      <AdminAccountsPage />
    </AdminShell>
  ),
});
