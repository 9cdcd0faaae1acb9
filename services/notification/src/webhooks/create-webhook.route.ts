import { randomUUID } from 'node:crypto';
import { createWebhookEndpoint } from '@risk-profile/contracts';
import { newWebhookSecret, parseBody, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { checkRegisteredUrl, type WebhookAdminDeps } from './webhook-admin';

/** POST /api/admin/webhooks: registers an endpoint and answers its secret, this once. */
export function mountCreateWebhook(app: Express, deps: WebhookAdminDeps): void {
  app.post(createWebhookEndpoint.path, requireAccess(deps.sessions, 'admin'), async (req, res) => {
    const body = parseBody(createWebhookEndpoint, req.body);
    const url = await checkRegisteredUrl(deps, body.url);
    const id = randomUUID();
    const secret = newWebhookSecret();
    const now = deps.clock().toISOString();
    await deps.sql.query(
      `INSERT INTO webhook_endpoints (id, url, events, description, state, secret_sealed, created_at, updated_at)
       VALUES ($1::uuid, $2, $3::text[], $4, 'active', $5, $6::timestamptz, $6::timestamptz)`,
      [id, url, body.events, body.description, deps.box.seal(id, secret), now],
    );
    deps.logger.info(
      // The origin only: a receiver's path or query may carry its own token.
      { endpoint: id, origin: new URL(url).origin, events: body.events, by: sessionUserOf(req).email },
      'webhook endpoint added',
    );
    res.setHeader('Cache-Control', 'no-store');
    res.status(201).json({ id, secret });
  });
}
