import { resendWebhookDeliveryEndpoint } from '@risk-profile/contracts';
import { httpError, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { endpointOr404, type WebhookAdminDeps } from './webhook-admin';
import { DELIVERY_COLUMNS, deliveryView, type WebhookDeliveryRow } from './webhook-deliveries';

export const DELIVERY_NOT_FOUND_MESSAGE = 'No such delivery for this webhook endpoint.';
export const ERASED_DELIVERY_MESSAGE =
  "This delivery cannot be sent again: the client's personal data it carried was erased.";
export const DISABLED_ENDPOINT_MESSAGE = 'Enable the endpoint before sending a delivery again.';

/**
 * POST …/:id/deliveries/:deliveryId/resend ("send again"): the delivery is due now, with the same
 * `webhook-id` and the same body, as one more attempt; if it fails, it is retried on the schedule
 * from its attempt count (one past the last attempt is failed again), and can be sent again.
 */
export function mountResendWebhookDelivery(app: Express, deps: WebhookAdminDeps): void {
  app.post(resendWebhookDeliveryEndpoint.path, requireAccess(deps.sessions, 'admin'), async (req, res) => {
    const endpoint = await endpointOr404(deps, String(req.params.id));
    const deliveryId = String(req.params.deliveryId);
    const { rows } = await deps.sql.query<WebhookDeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = $1::uuid AND id = $2`,
      [endpoint.id, deliveryId],
    );
    const found = rows[0];
    if (!found) throw httpError.notFound(DELIVERY_NOT_FOUND_MESSAGE);
    if (found.body === null) throw httpError.conflict(ERASED_DELIVERY_MESSAGE, 'DELIVERY_ERASED');
    if (endpoint.state !== 'active') throw httpError.conflict(DISABLED_ENDPOINT_MESSAGE, 'ENDPOINT_DISABLED');
    const now = deps.clock();
    // The claim is let go, so the resend is claimed at once as the next attempt; an attempt still
    // under way (or delivered and not yet recorded) settles only its own claim, so its outcome is
    // dropped rather than settled over the resend's (webhook-queue.ts).
    const updated = await deps.sql.query<WebhookDeliveryRow>(
      `UPDATE webhook_deliveries
       SET status = 'pending', next_attempt_at = $3::timestamptz, claimed_by = NULL, claim_expires_at = NULL
       WHERE endpoint_id = $1::uuid AND id = $2 AND body IS NOT NULL
       RETURNING ${DELIVERY_COLUMNS}`,
      [endpoint.id, deliveryId, now.toISOString()],
    );
    const row = updated.rows[0];
    if (!row) throw httpError.conflict(ERASED_DELIVERY_MESSAGE, 'DELIVERY_ERASED');
    deps.logger.info(
      { endpoint: endpoint.id, delivery: deliveryId, by: sessionUserOf(req).email },
      'webhook sent again',
    );
    deps.onDue();
    res.json(deliveryView(row));
  });
}
