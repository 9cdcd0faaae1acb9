import { listWebhookDeliveriesEndpoint } from '@risk-profile/contracts';
import { decodeKeysetCursor, encodeKeysetCursor, parseQuery, requireAccess } from '@risk-profile/platform';
import type { Express } from 'express';
import { endpointOr404, type WebhookAdminDeps } from './webhook-admin';
import { DELIVERY_COLUMNS, deliveryView, type WebhookDeliveryRow } from './webhook-deliveries';

/** GET …/:id/deliveries: the endpoint's delivery log, newest first, paged by keyset cursor. */
export function mountListWebhookDeliveries(app: Express, deps: WebhookAdminDeps): void {
  app.get(listWebhookDeliveriesEndpoint.path, requireAccess(deps.sessions, 'admin'), async (req, res) => {
    const { id } = await endpointOr404(deps, String(req.params.id));
    const query = parseQuery(listWebhookDeliveriesEndpoint, req.query);
    const params: unknown[] = [id, query.limit + 1];
    let after = '';
    if (query.cursor !== undefined) {
      const keyset = decodeKeysetCursor(query.cursor);
      params.push(keyset.at, keyset.id);
      after = 'AND (created_at, id) < ($3::timestamptz, $4)';
    }
    const { rows } = await deps.sql.query<WebhookDeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
       WHERE endpoint_id = $1::uuid ${after}
       ORDER BY created_at DESC, id DESC LIMIT $2`,
      params,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > query.limit && last
        ? encodeKeysetCursor({ at: new Date(last.created_at).toISOString(), id: last.id })
        : null;
    res.setHeader('Cache-Control', 'no-store');
    res.json({ deliveries: page.map(deliveryView), nextCursor });
  });
}
