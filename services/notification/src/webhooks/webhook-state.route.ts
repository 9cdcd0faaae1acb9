import { disableWebhookEndpoint, enableWebhookEndpoint } from '@risk-profile/contracts';
import { httpError, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { endpointOr404, type WebhookAdminDeps } from './webhook-admin';
import { ENDPOINT_NOT_FOUND_MESSAGE, endpointView, setEndpointState } from './webhook-endpoints';

export const DISABLED_BY_ADMIN = 'Disabled by an administrator.';

/**
 * POST …/:id/disable and …/:id/enable: an administrator stops or resumes an endpoint's deliveries.
 * Pending deliveries wait while it is disabled and go, in order, once it is enabled; enabling
 * also restarts its 5-day failure clock.
 */
export function mountWebhookState(app: Express, deps: WebhookAdminDeps): void {
  const admin = requireAccess(deps.sessions, 'admin');
  for (const [endpoint, state] of [
    [disableWebhookEndpoint, 'disabled'],
    [enableWebhookEndpoint, 'active'],
  ] as const) {
    app.post(endpoint.path, admin, async (req, res) => {
      const { id } = await endpointOr404(deps, String(req.params.id));
      const now = deps.clock();
      const reason = state === 'disabled' ? DISABLED_BY_ADMIN : null;
      const row = await setEndpointState(deps.sql, id, { state, reason, now });
      // Deleted between the two statements.
      if (!row) throw httpError.notFound(ENDPOINT_NOT_FOUND_MESSAGE);
      deps.logger.info(
        { endpoint: id, state, by: sessionUserOf(req).email },
        'webhook endpoint state changed',
      );
      if (state === 'active') deps.onDue();
      res.json(endpointView(row, now));
    });
  }
}
