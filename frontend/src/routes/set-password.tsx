import { createFileRoute } from '@tanstack/react-router';
import { SetPasswordPage } from '../features/admin-accounts/components/set-password-page';

export const Route = createFileRoute('/set-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  component: SetPasswordRoute,
});

function SetPasswordRoute() {
  const { token } = Route.useSearch();
  return <SetPasswordPage token={token} />;
}
