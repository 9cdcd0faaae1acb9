import { createFileRoute } from '@tanstack/react-router';
import { HouseholdConfirmationPage } from '../features/households/components/household-confirmation-page';

/** The page a member's confirmation email links to: /household-confirm?token=… (public). */
export const Route = createFileRoute('/household-confirm')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  component: HouseholdConfirmRoute,
});

function HouseholdConfirmRoute() {
  const { token } = Route.useSearch();
  return <HouseholdConfirmationPage token={token} />;
}
