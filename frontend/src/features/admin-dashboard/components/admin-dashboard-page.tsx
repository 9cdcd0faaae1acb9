import type { AnalyticsPeriod } from '@risk-profile/contracts';
import { Tabs } from 'radix-ui';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminLogout } from '../api/admin-logout';
import { useAdminMe } from '../api/get-admin-me';
import { useAnalyticsStream } from '../api/use-analytics-stream';
import '../admin-dashboard.css';
import { DASHBOARD_TABS, type DashboardTab } from '../model/dashboard-search';
import { AssessmentsTab } from './assessments-tab';
import { DevicesTab } from './devices-tab';
import { OverviewTab } from './overview-tab';
import { PeriodSelect } from './period-select';
import { QuestionsTab } from './questions-tab';

export const ADMIN_LOGIN_PATH = '/admin/login';

export function AdminDashboardPage({
  period,
  onPeriodChange,
  tab,
  onTabChange,
}: {
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
  /** The open section, kept in the address with the period. */
  tab: DashboardTab;
  onTabChange: (tab: DashboardTab) => void;
}) {
  useDocumentTitle('Admin Dashboard');
  const me = useAdminMe();
  const signedIn = me.isSuccess && me.data !== null;
  const stream = useAnalyticsStream(signedIn);
  const logout = useAdminLogout();

  const loggingOut = !logout.isIdle;
  useEffect(() => {
    // Logout navigates by itself; a second navigation here would abort the first.
    if (loggingOut) return;
    // A full navigation: the login page belongs to another part of the site.
    if (me.isSuccess && me.data === null) window.location.replace(ADMIN_LOGIN_PATH);
  }, [me.isSuccess, me.data, loggingOut]);

  if (me.isPending || (me.isSuccess && me.data === null)) {
    return (
      <div className="page admin">
        <Spinner label="Checking authentication..." />
      </div>
    );
  }
  if (me.isError) {
    return (
      <div className="page admin">
        <Alert tone="error" title="Could not check your session">
          {errorMessage(me.error)}
        </Alert>
      </div>
    );
  }

  return (
    <div className="page admin">
      <header className="admin__header">
        <div>
          <h1 className="admin__title">Risk Profile Analytics</h1>
          <p className="admin__subtitle">Admin Dashboard</p>
        </div>
        <div className="admin__actions">
          <PeriodSelect value={period} onChange={onPeriodChange} />
          <a className={buttonClass('outline')} href="/admin/advisers">
            Advisers and accounts
          </a>
          <Button variant="outline" onClick={() => logout.mutate()} loading={logout.isPending}>
            Logout
          </Button>
        </div>
      </header>
      <p className="admin__live" role="status">
        {stream === 'live' ? 'Live: updates appear as clients answer.' : 'Connecting to live updates…'}
      </p>
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
          <OverviewTab period={period} />
        </Tabs.Content>
        <Tabs.Content value="questions" className="admin__panel">
          <QuestionsTab period={period} />
        </Tabs.Content>
        <Tabs.Content value="devices" className="admin__panel">
          <DevicesTab period={period} />
        </Tabs.Content>
        <Tabs.Content value="assessments" className="admin__panel">
          <AssessmentsTab period={period} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
