import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/auth';
import '../adviser-workspace.css';

/**
 * The adviser's workspace around each of its pages: only for a signed-in adviser (the route's
 * `adviserOnly` sends a visitor to sign in, an analyst to the query page; an administrator is
 * pointed to the admin area here), with the workspace's navigation.
 */
export function AdviserArea({ children }: { children: ReactNode }) {
  const role = useCurrentUser().data?.role;
  if (role === 'admin') {
    return (
      <div className="page workspace">
        <Card>
          <h1>This area is for advisers</h1>
          <p>You are signed in as an administrator. Every adviser's assessments are in the admin area.</p>
          <div className="row">
            <a className={buttonClass('primary')} href="/admin/assessments">
              Go to the admin area
            </a>
          </div>
        </Card>
      </div>
    );
  }
  // While asking, or while a logout navigates away.
  if (role !== 'adviser') return <PageSpinner area="workspace" label="Checking your session…" />;
  return (
    <div className="page workspace">
      <nav className="workspace__nav" aria-label="Workspace">
        <ul>
          <li>
            <Link to="/adviser" activeOptions={{ exact: true, includeSearch: false }}>
              Clients
            </Link>
          </li>
          <li>
            <Link to="/adviser/households">Households</Link>
          </li>
          <li>
            <Link to="/adviser/links">Sent links</Link>
          </li>
          <li>
            <Link to="/">New assessment in person</Link>
          </li>
        </ul>
      </nav>
      {children}
    </div>
  );
}
