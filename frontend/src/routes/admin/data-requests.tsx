import { createFileRoute } from '@tanstack/react-router';
import { adminOnly } from '../../features/admin-dashboard/api/get-admin-me';
import { AdminShell } from '../../features/admin-dashboard/components/admin-shell';
import { DataRequestsPage } from '../../features/data-requests/components/data-requests-page';

export const Route = createFileRoute('/admin/data-requests')({
  beforeLoad: adminOnly,
  component: DataRequestsRoute,
});

function DataRequestsRoute() {
  return (
    <AdminShell title="Data requests">
      <DataRequestsPage />
    </AdminShell>
  );
}
