import { signInSearchSchema } from '@risk-profile/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginPage } from '../../features/auth/components/admin-login-page';

export const Route = createFileRoute('/admin/login')({
  validateSearch: (search: Record<string, unknown>) => signInSearchSchema.parse(search),
  component: AdminLoginRoute,
});

function AdminLoginRoute() {
  return <AdminLoginPage ssoError={Route.useSearch().ssoError} />;
}
