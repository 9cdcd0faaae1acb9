import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { adminOnly } from '../../features/admin-dashboard/api/get-admin-me';
import { AdminShell } from '../../features/admin-dashboard/components/admin-shell';
import { AccessLog } from '../../features/records/components/access-log';
import { type AccessLogFilters, parseAccessLogFilters } from '../../features/records/model/record-filters';

export const Route = createFileRoute('/admin/access-log')({
  beforeLoad: adminOnly,
  validateSearch: parseAccessLogFilters,
  component: AccessLogRoute,
});

function AccessLogRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const onFiltersChange = useCallback(
    (next: AccessLogFilters) => void navigate({ search: next, replace: true, resetScroll: false }),
    [navigate],
  );
  return (
    <AdminShell title="Access log">
      <AccessLog filters={filters} onFiltersChange={onFiltersChange} />
    </AdminShell>
  );
}
