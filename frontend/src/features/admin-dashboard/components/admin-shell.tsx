import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminLogout } from '../api/admin-logout';
import { useAdminMe } from '../api/get-admin-me';
import '../admin-dashboard.css';
import { AdminNav } from './admin-nav';

/**
 * Shows `children` only to an administrator (the route's `adminOnly` has sent anyone else on; after
 * a logout, while it navigates, no one is), or why the session could not be checked.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const me = useAdminMe();

  if (me.isPending || (me.isSuccess && me.data === null)) {
    return <PageSpinner area="admin" label="Checking authentication..." />;
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
    <AdminGate>
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
