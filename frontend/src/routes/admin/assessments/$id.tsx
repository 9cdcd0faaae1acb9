import { createFileRoute } from '@tanstack/react-router';
import { adminOnly } from '../../../features/admin-dashboard/api/get-admin-me';
import { AdminShell } from '../../../features/admin-dashboard/components/admin-shell';
import { RecordPage } from '../../../features/records/components/record-page';

export const Route = createFileRoute('/admin/assessments/$id')({
  beforeLoad: adminOnly,
  component: AdminRecordRoute,
});

function AdminRecordRoute() {
  const { id } = Route.useParams();
  return (
    <AdminShell title="Assessment record">
      <RecordPage scope="admin" id={id} />
    </AdminShell>
  );
}
