import {
  ACCOUNT_INVITATIONS_TOPIC,
  ASSESSMENT_LIFECYCLE_TOPIC,
  type AssessmentErasedV1,
  type AssessmentProcessingRestrictedV1,
  parseIntegrationEvent,
  QUESTIONNAIRE_LINKS_TOPIC,
} from '@risk-profile/contracts';
import {
  type BusMessage,
  type Logger,
  runOnce,
  runOnceEach,
  type SqlExecutor,
  type Subscription,
} from '@risk-profile/platform';
import {
  deleteOutboxFiles,
  eraseDeliveries,
  muteDeliveries,
  rewriteTables,
} from '../erasure/delivery-erasure';
import { capClientCopies } from './client-copy-cap';
import type { ConsumerDeps } from './consumer-deps';
import { recordDeliveries, recordUndeliverable } from './deliveries';
import {
  type Planned,
  planAccountDeliveries,
  planLinkDeliveries,
  planSignedDeliveries,
} from './plan-deliveries';

export const NOTIFICATION_CONSUMER = 'notification';

/** The deliveries one bus message asks for (none for events notification does not act on). */
export function planFor(message: BusMessage): Planned[] {
  const event = parseIntegrationEvent(message.topic, message.value);
  switch (event.type) {
    case 'AssessmentSigned':
      return planSignedDeliveries(event);
    case 'QuestionnaireLinkRequested':
      return planLinkDeliveries(event);
    case 'AccountInvitationRequested':
      return planAccountDeliveries(event);
    default:
      return [];
  }
}

type Erasure = AssessmentErasedV1 | AssessmentProcessingRestrictedV1;

/** An erasure or a restriction, which settles deliveries rather than asking for any. */
function erasureOf(message: BusMessage): Erasure | undefined {
  if (message.topic !== ASSESSMENT_LIFECYCLE_TOPIC) return undefined;
  const event = parseIntegrationEvent(message.topic, message.value);
  return event.type === 'AssessmentErased' || event.type === 'AssessmentProcessingRestricted'
    ? event
    : undefined;
}

export interface ConsumerLimits {
  /** Client copies (email or SMS) to one recipient in 24 hours; 0 for no cap. */
  clientCopiesPerRecipientPerDay: number;
  logger: Logger;
}

/**
 * Records what the planned deliveries of fresh events ask for, in the caller's transaction; the
 * client copies beyond a recipient's daily cap are recorded as suppressed, and logged.
 */
async function record(tx: SqlExecutor, planned: readonly Planned[], now: Date, limits: ConsumerLimits) {
  const allowed = await capClientCopies(tx, planned, now, limits.clientCopiesPerRecipientPerDay);
  await recordDeliveries(
    tx,
    allowed.flatMap((p) => (p.undeliverable ? [] : [p.delivery])),
    now,
  );
  for (const p of allowed) {
    if (!p.undeliverable) continue;
    await recordUndeliverable(tx, p.delivery, now, p.suppressed ? 'suppressed' : 'failed');
    if (p.suppressed) {
      limits.logger.warn(
        { eventId: p.delivery.eventId, kind: p.delivery.kind, reason: p.delivery.reason },
        'client copy suppressed: the recipient reached the daily cap',
      );
    }
  }
}

/**
 * Consumes signed assessments, link requests, and account invitations and resets. The deliveries an event asks for are recorded
 * in the same transaction as the event's id (runOnce), so a redelivered event records nothing
 * twice, and a crash before the commit leaves the event to be consumed again. A fetched batch is
 * recorded in one transaction with one insert (the bus falls back to one message at a time if
 * the batch fails). Sending is the sender's job; `onRecorded` wakes it.
 */
export function subscribeNotificationConsumer(
  deps: ConsumerDeps & {
    /** The outbox folder of this instance: an erasure deletes its files of the erased messages. */
    outboxDir: string;
  } & ConsumerLimits,
): Promise<Subscription> {
  /**
   * Erasures and restrictions, one transaction each after the batch's deliveries are recorded
   * (an assessment's events come in order, so its report deliveries are there before its
   * erasure). Then this instance's outbox files of the erased messages go (the other instances'
   * outbox purge finds them by erased_at), and the table is rewritten so the erased bytes leave
   * its file.
   */
  const settle = async (messages: readonly BusMessage[]) => {
    const erased: string[] = [];
    for (const message of messages) {
      const event = erasureOf(message);
      if (!event) continue;
      await runOnce(deps.sql, NOTIFICATION_CONSUMER, message.id, async (tx) => {
        if (event.type === 'AssessmentProcessingRestricted') {
          await muteDeliveries(tx, event.data.assessmentId);
          return;
        }
        erased.push(...(await eraseDeliveries(tx, event.data, deps.clock())));
      });
    }
    if (erased.length === 0) return;
    const deleted = await deleteOutboxFiles(deps.outboxDir, erased);
    await rewriteTables(deps.sql, ['notification_deliveries']);
    deps.logger.info({ deliveries: erased.length, outboxFiles: deleted }, 'erased deliveries');
  };
  return deps.bus.subscribe({
    groupId: NOTIFICATION_CONSUMER,
    topics: [ASSESSMENT_LIFECYCLE_TOPIC, QUESTIONNAIRE_LINKS_TOPIC, ACCOUNT_INVITATIONS_TOPIC],
    handler: async (message) => {
      await settle([message]);
      const planned = planFor(message);
      if (planned.length === 0) return;
      const ran = await runOnce(deps.sql, NOTIFICATION_CONSUMER, message.id, (tx) =>
        record(tx, planned, deps.clock(), deps),
      );
      if (ran) deps.onRecorded();
    },
    handleBatch: async (messages) => {
      const plans = new Map<string, Planned[]>();
      for (const message of messages) {
        const planned = planFor(message);
        if (planned.length > 0) plans.set(message.id, [...(plans.get(message.id) ?? []), ...planned]);
      }
      if (plans.size > 0) {
        const fresh = await runOnceEach(deps.sql, NOTIFICATION_CONSUMER, [...plans.keys()], (tx, ids) =>
          record(
            tx,
            ids.flatMap((id) => plans.get(id) ?? []),
            deps.clock(),
            deps,
          ),
        );
        if (fresh.length > 0) deps.onRecorded();
      }
      await settle(messages);
    },
  });
}
