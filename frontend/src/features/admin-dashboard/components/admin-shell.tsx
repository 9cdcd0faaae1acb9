import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminLogout } from '../api/admin-logout';
import { useAdminMe } from '../api/get-admin-me';
import '../admin-dashboard.css';
import { AdminNav } from './admin-nav';

// Not imported from the dashboard page, which would bring its charts into these pages' chunks.
const ADMIN_LOGIN_PATH = '/admin/login';
/** Analysts see no admin pages: their own is the query page. */
const ANALYST_HOME_PATH = '/analyst';

/**
 * Sends a signed-in analyst to the query page, anyone else but a signed-in administrator to the
 * admin login, and shows `children` only to an administrator. `loggingOut` holds the redirect
 * back while a logout navigates by itself.
 */
export function AdminGate({ loggingOut, children }: { loggingOut: boolean; children: ReactNode }) {
  const me = useAdminMe();
  const notAdmin = me.isSuccess && me.data === null;
  // Asked only of someone who is not an administrator: who they are decides where they go.
  const user = useQuery({ ...currentUserQueryOptions(), enabled: notAdmin });
  useEffect(() => {
    // Logout navigates by itself; a second navigation here would abort the first.
    if (loggingOut || !notAdmin || user.isPending) return;
    // A full navigation: the login page and the query page belong to other parts of the site.
    window.location.replace(user.data?.role === 'analyst' ? ANALYST_HOME_PATH : ADMIN_LOGIN_PATH);
  }, [notAdmin, user.isPending, user.data, loggingOut]);

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
  return <>{children}</>;
}

/** A page of the admin area other than the dashboard: its title, Logout, the navigation, the page. */
export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  const logout = useAdminLogout();
  return (
    <AdminGate loggingOut={!logout.isIdle}>
      <div className="page admin">
        <header className="admin__header">
          <div>
            <h1 className="admin__title">{title}</h1>
            <p className="admin__subtitle">Risk Profile administration</p>
          </div>
          <div className="admin__actions">
            <Button variant="outline" onClick={() => logout.mutate()} loading={logout.isPending}>
              Logout
            </Button>
          </div>
        </header>
        <AdminNav />
        {children}
      </div>
    </AdminGate>
  );
}
