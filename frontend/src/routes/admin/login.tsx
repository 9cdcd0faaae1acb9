import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginPage } from '../../features/auth/components/admin-login-page';

export const Route = createFileRoute('/admin/login')({
  component: AdminLoginPage,
});
