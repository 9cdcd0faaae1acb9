import { hasAnalystAccess } from '@risk-profile/contracts';
import { Link, useRouterState } from '@tanstack/react-router';
import { useCurrentUser, useLogout } from '../../lib/auth';
import { Button, buttonClass } from '../ui/button';

/** The analyst's query page (a page of its own feature, so a plain link). */
const ANALYST_HOME_PATH = '/analyst';

/**
 * Login for visitors, Logout for a signed-in adviser, analyst or administrator, with the way back
 * to their own page. Not on the admin pages: the admin login and the dashboard have their own
 * (the spec's one Logout button there).
 */
export function AuthButton() {
  const inAdmin = useRouterState({ select: (state) => isAdminPath(state.location.pathname) });
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  if (inAdmin) return null;
  if (user) {
    return (
      <div className="auth-button">
        <span className="auth-button__who" title={user.email}>
          {user.name}
        </span>
        {user.role === 'adviser' ? (
          // Back to the workspace from an assessment run in person at /.
          <Link to="/adviser" className={buttonClass('outline', 'sm')}>
            Clients
          </Link>
        ) : hasAnalystAccess(user) ? (
          // An analyst's, or an administrator's given analyst access.
          <a href={ANALYST_HOME_PATH} className={buttonClass('outline', 'sm')}>
            Query
          </a>
        ) : null}
        <a href="/account" className={buttonClass('outline', 'sm')}>
          Account
        </a>
        <Button variant="outline" size="sm" loading={logout.isPending} onClick={() => logout.mutate()}>
          {logout.isPending ? 'Logging out...' : 'Logout'}
        </Button>
      </div>
    );
  }
  return (
    // A plain link: the sign-in page belongs to another feature and may load its own chunk.
    <a href="/login" className={buttonClass('outline', 'sm')}>
      Login
    </a>
  );
}

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
