import { createFileRoute } from '@tanstack/react-router';
import { adminOnly } from '../../features/admin-dashboard/api/get-admin-me';
import { AdminShell } from '../../features/admin-dashboard/components/admin-shell';
import { AnalystQueryLog } from '../../features/analyst/components/analyst-query-log';

export const Route = createFileRoute('/admin/analyst-queries')({
  beforeLoad: adminOnly,
  component: AnalystQueriesRoute,
});

function AnalystQueriesRoute() {
  return (
    <AdminShell title="Analyst queries">
      <AnalystQueryLog />
    </AdminShell>
  );
}
