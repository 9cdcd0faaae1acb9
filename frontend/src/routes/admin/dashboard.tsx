import { createFileRoute } from '@tanstack/react-router';
import { adminOnly } from '../../features/admin-dashboard/api/get-admin-me';
import { AdminDashboardPage } from '../../features/admin-dashboard/components/admin-dashboard-page';
import { parseDashboardSearch } from '../../features/admin-dashboard/model/dashboard-search';

export const Route = createFileRoute('/admin/dashboard')({
  beforeLoad: adminOnly,
  validateSearch: parseDashboardSearch,
  component: DashboardRoute,
});

function DashboardRoute() {
  const { period, adviser = null, version = null, tab = 'overview' } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The page stays where it is scrolled: a new period or tab is a new view of the same page. A period
  // is a step back can return to; a tab only replaces the address, as tabs do not make history.
  return (
    <AdminDashboardPage
      period={period}
      onPeriodChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, period: next }), resetScroll: false })
      }
      adviser={adviser}
      onAdviserChange={(next) =>
        void navigate({
          search: ({ adviser: _, ...prev }) => ({ ...prev, ...(next === null ? {} : { adviser: next }) }),
          resetScroll: false,
        })
      }
      version={version}
      onVersionChange={(next) =>
        void navigate({
          search: ({ version: _, ...prev }) => ({ ...prev, ...(next === null ? {} : { version: next }) }),
          resetScroll: false,
        })
      }
      tab={tab}
      onTabChange={(next) =>
        void navigate({
          search: ({ tab: _, ...prev }) => ({ ...prev, ...(next === 'overview' ? {} : { tab: next }) }),
          replace: true,
          resetScroll: false,
        })
      }
    />
  );
}
