import type { SqlExecutor } from '@risk-profile/platform';
import { recordDeliveries } from '../delivery/deliveries';
import type { EndpointDisabledAlert } from './endpoint-disabled-email';

/**
 * The email to administrators (ADMIN_ALERT_EMAIL) when the sender disables an endpoint, recorded
 * as a notification delivery in the transaction that disables it: the mail sender's queue sends
 * it, retries it and keeps it in the database like every other email.
 */
export async function recordEndpointDisabledAlerts(
  tx: SqlExecutor,
  alert: EndpointDisabledAlert,
  recipients: readonly string[],
  now: Date,
): Promise<number> {
  return recordDeliveries(
    tx,
    recipients.map((recipient) => ({
      // One per recipient and disabling: the deliveries' key is the event and the role.
      eventId: `webhook-disabled:${alert.endpointId}:${alert.disabledAt}:${recipient.toLowerCase()}`,
      recipientRole: 'adviser' as const,
      kind: 'webhook-alert-email' as const,
      recipient,
      content: alert,
    })),
    now,
  );
}
