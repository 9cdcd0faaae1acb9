import { listWebhooksEndpoint } from '@risk-profile/contracts';
import { requireAccess } from '@risk-profile/platform';
import type { Express } from 'express';
import type { WebhookAdminDeps } from './webhook-admin';
import { endpointView, type WebhookEndpointRow } from './webhook-endpoints';

/** GET /api/admin/webhooks: every endpoint, newest first, without its secrets. */
export function mountListWebhooks(app: Express, deps: WebhookAdminDeps): void {
  app.get(listWebhooksEndpoint.path, requireAccess(deps.sessions, 'admin'), async (_req, res) => {
    const { rows } = await deps.sql.query<WebhookEndpointRow>(
      'SELECT * FROM webhook_endpoints ORDER BY created_at DESC, id DESC',
    );
    const now = deps.clock();
    res.setHeader('Cache-Control', 'no-store');
    res.json({ endpoints: rows.map((row) => endpointView(row, now)) });
  });
}
