import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginPage } from '../../features/auth/components/admin-login-page';
import { parseSignInSearch } from '../../features/auth/model/sign-in-search';

export const Route = createFileRoute('/admin/login')({
  validateSearch: parseSignInSearch,
  component: AdminLoginRoute,
});

function AdminLoginRoute() {
  return <AdminLoginPage ssoError={Route.useSearch().ssoError} />;
}
