import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  parseIntegrationEvent,
  QUESTIONNAIRE_LINKS_TOPIC,
} from '@risk-profile/contracts';
import {
  type BusMessage,
  type EventBus,
  runOnce,
  type SqlClient,
  type Subscription,
} from '@risk-profile/platform';
import { recordDeliveries, recordUndeliverable } from './deliveries';
import { type Planned, planLinkDeliveries, planSignedDeliveries } from './plan-deliveries';

export const NOTIFICATION_CONSUMER = 'notification';

/** The deliveries one bus message asks for (none for events notification does not act on). */
export function planFor(message: BusMessage): Planned[] {
  const event = parseIntegrationEvent(message.topic, message.value);
  switch (event.type) {
    case 'AssessmentSigned':
      return planSignedDeliveries(event);
    case 'QuestionnaireLinkRequested':
      return planLinkDeliveries(event);
    default:
      return [];
  }
}

/**
 * Consumes signed assessments and link requests. The deliveries an event asks for are recorded
 * in the same transaction as the event's id (runOnce), so a redelivered event records nothing
 * twice, and a crash before the commit leaves the event to be consumed again. Sending is the
 * sender's job; `onRecorded` wakes it.
 */
export function subscribeNotificationConsumer(deps: {
  sql: SqlClient;
  bus: EventBus;
  clock: () => Date;
  onRecorded: () => void;
}): Promise<Subscription> {
  return deps.bus.subscribe({
    groupId: NOTIFICATION_CONSUMER,
    topics: [ASSESSMENT_LIFECYCLE_TOPIC, QUESTIONNAIRE_LINKS_TOPIC],
    handler: async (message) => {
      const planned = planFor(message);
      if (planned.length === 0) return;
      const ran = await runOnce(deps.sql, NOTIFICATION_CONSUMER, message.id, async (tx) => {
        const now = deps.clock();
        for (const p of planned) {
          if (p.undeliverable) await recordUndeliverable(tx, p.delivery, now);
          else await recordDeliveries(tx, [p.delivery], now);
        }
      });
      if (ran) deps.onRecorded();
    },
  });
}
