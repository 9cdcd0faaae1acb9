import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageSpinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { elsewhere } from '../model/area-access';
import '../analyst.css';

/**
 * The analyst's area around each of its pages: only for a user with analyst access (the
 * route's `analystOnly` sends everyone else on), with its title and navigation. Logout is the site
 * header's, as in the adviser's workspace.
 */
export function AnalystArea({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  const user = useCurrentUser();
  if (!user.data || elsewhere(user.data) !== null)
    return <PageSpinner area="analyst" label="Checking your session…" />;
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
