import { createFileRoute } from '@tanstack/react-router';
import { adminOnly } from '../../features/admin-dashboard/api/get-admin-me';
import { AdminShell } from '../../features/admin-dashboard/components/admin-shell';
import { WebhooksPage } from '../../features/webhooks/components/webhooks-page';

export const Route = createFileRoute('/admin/webhooks')({
  beforeLoad: adminOnly,
  component: WebhooksRoute,
});

function WebhooksRoute() {
  return (
    <AdminShell title="Webhooks">
      <WebhooksPage />
    </AdminShell>
  );
}
