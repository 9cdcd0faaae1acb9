import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { elsewhere } from '../model/area-access';
import '../analyst.css';

/**
 * The analyst's area around each of its pages: only for a user with analyst access (everyone
 * else is sent on, see `elsewhere`), with its title and navigation. Logout is the site header's,
 * as in the adviser's workspace.
 */
export function AnalystArea({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  const user = useCurrentUser();
  const destination = user.isSuccess ? elsewhere(user.data) : null;
  useEffect(() => {
    // A full navigation: those pages belong to other parts of the site.
    if (destination) window.location.replace(destination);
  }, [destination]);

  if (user.isPending || destination) {
    return (
      <div className="page analyst">
        <Spinner label="Checking your session…" />
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
