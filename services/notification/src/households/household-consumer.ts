import { ASSESSMENT_LIFECYCLE_TOPIC, HOUSEHOLDS_TOPIC, parseIntegrationEvent } from '@risk-profile/contracts';
import {
  type EventBus,
  type Logger,
  runOnce,
  type SqlClient,
  type Subscription,
} from '@risk-profile/platform';
import { recordDeliveries } from '../delivery/deliveries';
import { deleteOutboxFiles, eraseDeliveries, rewriteTables } from '../erasure/delivery-erasure';
import { erasedAmong, eraseHouseholdMember, storeHousehold } from './household-records';
import { planConfirmationRequests, planHouseholdReports } from './plan-household-deliveries';

export const HOUSEHOLDS_CONSUMER = 'households';

/**
 * The households' messages and record, in a consumer group of their own. Each event is handled
 * once (runOnce on its id, in the transaction of its writes): an agreement records each member's
 * confirmation request, a confirmed household stores its snapshot and records its reports, as
 * deliveries the sender sends once each (docs/notifications.md). A member's erasure, on the
 * lifecycle topic, turns them into a marker in the stored households and erases the household
 * messages to them, whichever of the two topics arrives first.
 */
export function subscribeHouseholdConsumer(deps: {
  sql: SqlClient;
  bus: EventBus;
  clock: () => Date;
  logger: Logger;
  /** Wakes the sender once deliveries are recorded. */
  onRecorded: () => void;
  /** This instance's outbox folder: an erasure deletes its files of the erased messages. */
  outboxDir: string;
}): Promise<Subscription> {
  const { sql } = deps;
  return deps.bus.subscribe({
    groupId: HOUSEHOLDS_CONSUMER,
    topics: [HOUSEHOLDS_TOPIC, ASSESSMENT_LIFECYCLE_TOPIC],
    handler: async (message) => {
      const event = parseIntegrationEvent(message.topic, message.value);
      switch (event.type) {
        case 'HouseholdProfileAgreed': {
          const ran = await runOnce(sql, HOUSEHOLDS_CONSUMER, message.id, async (tx) => {
            const erased = await erasedAmong(
              tx,
              event.data.members.map((m) => m.assessmentId),
            );
            await recordDeliveries(tx, planConfirmationRequests(event, erased), deps.clock());
          });
          if (ran) deps.onRecorded();
          return;
        }
        case 'HouseholdConfirmed': {
          const ran = await runOnce(sql, HOUSEHOLDS_CONSUMER, message.id, async (tx) => {
            const stored = await storeHousehold(tx, event.data, deps.clock());
            await recordDeliveries(tx, planHouseholdReports(event.id, stored), deps.clock());
          });
          if (ran) deps.onRecorded();
          return;
        }
        case 'AssessmentErased': {
          let households = 0;
          let messages: string[] = [];
          await runOnce(sql, HOUSEHOLDS_CONSUMER, message.id, async (tx) => {
            households = await eraseHouseholdMember(tx, event.data.assessmentId, deps.clock());
            // Messages this group recorded before the erasure go here (the notification group
            // finds them too, by the member's assessment); an event consumed after it asks
            // nothing of the member (erasedAmong), whichever topic comes first.
            messages = await eraseDeliveries(
              tx,
              { assessmentId: event.data.assessmentId, linkId: null },
              deps.clock(),
            );
          });
          if (households === 0 && messages.length === 0) return;
          await deleteOutboxFiles(deps.outboxDir, messages);
          await rewriteTables(sql, [
            ...(households > 0 ? ['records_households'] : []),
            ...(messages.length > 0 ? ['notification_deliveries'] : []),
          ]);
          deps.logger.info({ households, deliveries: messages.length }, 'erased a household member');
          return;
        }
        default:
          return;
      }
    },
  });
}
