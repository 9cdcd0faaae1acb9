import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { adminOnly } from '../../../features/admin-dashboard/api/get-admin-me';
import { AdminShell } from '../../../features/admin-dashboard/components/admin-shell';
import { RecordList } from '../../../features/records/components/record-list';
import { parseRecordFilters, type RecordFilters } from '../../../features/records/model/record-filters';

export const Route = createFileRoute('/admin/assessments/')({
  beforeLoad: adminOnly,
  validateSearch: parseRecordFilters,
  component: AdminAssessmentsRoute,
});

function AdminAssessmentsRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const onFiltersChange = useCallback(
    (next: RecordFilters) => void navigate({ search: next, replace: true, resetScroll: false }),
    [navigate],
  );
  return (
    <AdminShell title="Assessments">
      <RecordList scope="admin" filters={filters} onFiltersChange={onFiltersChange} />
    </AdminShell>
  );
}
