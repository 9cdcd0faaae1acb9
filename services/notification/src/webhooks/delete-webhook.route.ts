import { deleteWebhookEndpoint } from '@risk-profile/contracts';
import { requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { endpointOr404, type WebhookAdminDeps } from './webhook-admin';

/** DELETE /api/admin/webhooks/:id: the endpoint goes, with its sealed secrets and its deliveries. */
export function mountDeleteWebhook(app: Express, deps: WebhookAdminDeps): void {
  app.delete(deleteWebhookEndpoint.path, requireAccess(deps.sessions, 'admin'), async (req, res) => {
    const { id, url } = await endpointOr404(deps, String(req.params.id));
    await deps.sql.query('DELETE FROM webhook_endpoints WHERE id = $1::uuid', [id]);
    deps.logger.info(
      { endpoint: id, origin: new URL(url).origin, by: sessionUserOf(req).email },
      'webhook endpoint deleted',
    );
    res.json({ message: 'The webhook endpoint was deleted.' });
  });
}
