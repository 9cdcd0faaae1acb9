import type { AnalyticsPeriod } from '@risk-profile/contracts';
import { Tabs } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminLogout } from '../api/admin-logout';
import { useAnalyticsStream } from '../api/use-analytics-stream';
import '../admin-dashboard.css';
import { DASHBOARD_TABS, type DashboardFilter, type DashboardTab } from '../model/dashboard-search';
import { AdminNav } from './admin-nav';
import { AdminGate } from './admin-shell';
import { AdviserSelect } from './adviser-select';
import { AssessmentsTab } from './assessments-tab';
import { DevicesTab } from './devices-tab';
import { OverviewTab } from './overview-tab';
import { PeriodSelect } from './period-select';
import { QuestionsTab } from './questions-tab';
import { VersionSelect } from './version-select';

export function AdminDashboardPage({
  period,
  onPeriodChange,
  adviser = null,
  onAdviserChange,
  version = null,
  onVersionChange,
  tab,
  onTabChange,
}: {
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
  /** The adviser whose figures are shown; null for every adviser. */
  adviser?: string | null;
  onAdviserChange: (adviser: string | null) => void;
  /** The questionnaire version whose figures are shown; null for every version. */
  version?: number | null;
  onVersionChange: (version: number | null) => void;
  /** The open section, kept in the address with the period. */
  tab: DashboardTab;
  onTabChange: (tab: DashboardTab) => void;
}) {
  useDocumentTitle('Admin Dashboard');
  const logout = useAdminLogout();
  const filter: DashboardFilter = { period, adviser, version };

  return (
    <AdminGate>
      <div className="page admin">
        <header className="admin__header">
          <div>
            <h1 className="admin__title">Risk Profile Analytics</h1>
            <p className="admin__subtitle">Admin Dashboard</p>
          </div>
          <div className="admin__actions">
            <PeriodSelect value={period} onChange={onPeriodChange} />
            <AdviserSelect value={adviser} onChange={onAdviserChange} />
            <VersionSelect filter={filter} onChange={onVersionChange} />
            <Button variant="outline" onClick={() => logout.mutate()} loading={logout.isPending}>
              Logout
            </Button>
          </div>
        </header>
        <AdminNav />
        <LiveStatus />
        <Tabs.Root
          value={tab}
          onValueChange={(value) => {
            const next = DASHBOARD_TABS.find((t) => t.value === value);
            if (next) onTabChange(next.value);
          }}
          className="admin__tabs"
        >
          <Tabs.List className="admin__tab-list" aria-label="Dashboard sections">
            {DASHBOARD_TABS.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} className="admin__tab">
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="overview" className="admin__panel">
            <OverviewTab filter={filter} />
          </Tabs.Content>
          <Tabs.Content value="questions" className="admin__panel">
            <QuestionsTab filter={filter} />
          </Tabs.Content>
          <Tabs.Content value="devices" className="admin__panel">
            <DevicesTab filter={filter} />
          </Tabs.Content>
          <Tabs.Content value="assessments" className="admin__panel">
            <AssessmentsTab filter={filter} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </AdminGate>
  );
}

/** Follows the live stream (the dashboard refetches on each change) and says whether it is live. */
function LiveStatus() {
  const stream = useAnalyticsStream(true);
  return (
    <p className="admin__live" role="status">
      {stream === 'live' ? 'Live: updates appear as clients answer.' : 'Connecting to live updates…'}
    </p>
  );
}
