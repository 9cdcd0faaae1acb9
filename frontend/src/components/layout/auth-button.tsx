import { Link, useRouterState } from '@tanstack/react-router';
import { useCurrentUser, useLogout } from '../../lib/auth';
import { Button, buttonClass } from '../ui/button';

/**
 * Login for visitors, Logout for a signed-in adviser or administrator. Not on the admin pages:
 * the admin login and the dashboard have their own (the spec's one Logout button there).
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
        ) : null}
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
