import { createFileRoute } from '@tanstack/react-router';
import { AdminShell } from '../../features/admin-dashboard/components/admin-shell';
import { DataRequestsPage } from '../../features/data-requests/components/data-requests-page';

export const Route = createFileRoute('/admin/data-requests')({
  component: DataRequestsRoute,
});

function DataRequestsRoute() {
  return (
    <AdminShell title="Data requests">
      <DataRequestsPage />
    </AdminShell>
  );
}
