import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/auth';
import '../adviser-workspace.css';

const LOGIN_PATH = '/login';
/** Analysts see no adviser pages: their own is the query page. */
const ANALYST_HOME_PATH = '/analyst';

/**
 * The adviser's workspace around each of its pages: only for a signed-in adviser (a visitor goes to
 * sign in, an analyst to the query page; an administrator is pointed to the admin area), with the
 * workspace's navigation.
 */
export function AdviserArea({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const anonymous = user.isSuccess && user.data === null;
  const analyst = user.data?.role === 'analyst';
  useEffect(() => {
    // A full navigation: the sign-in page and the query page belong to other features.
    if (anonymous) window.location.replace(LOGIN_PATH);
    else if (analyst) window.location.replace(ANALYST_HOME_PATH);
  }, [anonymous, analyst]);

  if (user.isPending || anonymous || analyst) {
    return (
      <div className="page workspace">
        <Spinner label="Checking your session…" />
      </div>
    );
  }
  if (user.data?.role !== 'adviser') {
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
