import type { AnalyticsPeriod } from '@risk-profile/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboardPage } from '../../features/admin-dashboard/components/admin-dashboard-page';

const PERIODS: readonly AnalyticsPeriod[] = ['24h', '7d', '30d', 'all'];

export const Route = createFileRoute('/admin/dashboard')({
  // An unknown or missing period in the address falls back to all time. Checked without zod, which
  // this route's eager part must not pull into the first load of the site.
  validateSearch: (search: Record<string, unknown>): { period: AnalyticsPeriod } => ({
    period: PERIODS.find((p) => p === search.period) ?? 'all',
  }),
  component: DashboardRoute,
});

function DashboardRoute() {
  const { period } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminDashboardPage
      period={period}
      onPeriodChange={(next) => void navigate({ search: { period: next } })}
    />
  );
}
