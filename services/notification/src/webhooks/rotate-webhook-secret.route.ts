import { rotateWebhookSecretEndpoint } from '@risk-profile/contracts';
import { newWebhookSecret, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { endpointOr404, type WebhookAdminDeps } from './webhook-admin';

/**
 * POST …/:id/rotate-secret: a new secret, answered this once. The one it replaces keeps signing
 * beside it for 24 hours (platform's signingSecrets), so a receiver can switch without dropping
 * a delivery; a second rotation within them drops the oldest.
 */
export function mountRotateWebhookSecret(app: Express, deps: WebhookAdminDeps): void {
  app.post(rotateWebhookSecretEndpoint.path, requireAccess(deps.sessions, 'admin'), async (req, res) => {
    const { id } = await endpointOr404(deps, String(req.params.id));
    const secret = newWebhookSecret();
    const now = deps.clock().toISOString();
    await deps.sql.query(
      `UPDATE webhook_endpoints
       SET previous_secret_sealed = secret_sealed, secret_sealed = $2, secret_rotated_at = $3::timestamptz,
           updated_at = $3::timestamptz
       WHERE id = $1::uuid`,
      [id, deps.box.seal(id, secret), now],
    );
    deps.logger.info({ endpoint: id, by: sessionUserOf(req).email }, 'webhook secret rotated');
    res.setHeader('Cache-Control', 'no-store');
    res.json({ secret });
  });
}
