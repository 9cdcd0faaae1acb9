import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser, useLogout } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { elsewhere } from '../model/area-access';
import '../analyst.css';

/**
 * The analyst's area around each of its pages: only for a user with analyst access (everyone
 * else is sent on, see `elsewhere`), with its title, Logout and navigation.
 */
export function AnalystArea({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  const user = useCurrentUser();
  const logout = useLogout();
  const destination = user.isSuccess ? elsewhere(user.data) : null;
  useEffect(() => {
    // A full navigation: those pages belong to other parts of the site. Logout navigates itself.
    if (destination && logout.isIdle) window.location.replace(destination);
  }, [destination, logout.isIdle]);

  if (user.isPending || destination) {
    return (
      <div className="page analyst">
        <Spinner label="Checking your session…" />
      </div>
    );
  }
  if (user.isError) {
    return (
      <div className="page analyst">
        <Alert tone="error" title="Could not check your session">
          {errorMessage(user.error)}
        </Alert>
      </div>
    );
  }
  return (
    <div className="page analyst">
      <header className="analyst__header">
        <div>
          <h1 className="analyst__title">{title}</h1>
          <p className="analyst__subtitle">Risk Profile analytics store</p>
        </div>
        <Button variant="outline" onClick={() => logout.mutate()} loading={logout.isPending}>
          Logout
        </Button>
      </header>
      <nav className="analyst__nav" aria-label="Analyst">
        <ul>
          <li>
            <Link to="/analyst" activeOptions={{ exact: true }}>
              Query
            </Link>
          </li>
          <li>
            <Link to="/analyst/tokens">API tokens</Link>
          </li>
          {user.data?.role === 'admin' ? (
            <li>
              <a href="/admin/dashboard">Admin area</a>
            </li>
          ) : null}
        </ul>
      </nav>
      {children}
    </div>
  );
}
