import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { parseSignInSearch } from '../features/auth/model/sign-in-search';

export const Route = createFileRoute('/login')({
  validateSearch: parseSignInSearch,
  component: LoginRoute,
});

function LoginRoute() {
  return <LoginPage ssoError={Route.useSearch().ssoError} />;
}
