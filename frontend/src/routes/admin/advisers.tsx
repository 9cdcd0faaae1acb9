import { createFileRoute } from '@tanstack/react-router';
import { AdminAccountsPage } from '../../features/admin-accounts/components/admin-accounts-page';

export const Route = createFileRoute('/admin/advisers')({
  component: AdminAccountsPage,
});
