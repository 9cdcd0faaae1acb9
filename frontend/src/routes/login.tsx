import { signInSearchSchema } from '@risk-profile/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>) => signInSearchSchema.parse(search),
  component: LoginRoute,
});

function LoginRoute() {
  return <LoginPage ssoError={Route.useSearch().ssoError} />;
}
