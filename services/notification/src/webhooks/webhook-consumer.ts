import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  HOUSEHOLDS_TOPIC,
  type IntegrationEvent,
  parseIntegrationEvent,
  QUESTIONNAIRE_LINKS_TOPIC,
} from '@risk-profile/contracts';
import {
  type BusMessage,
  type EventBus,
  type Logger,
  rewriteErasedTables,
  runOnceEach,
  type SqlClient,
  type SqlExecutor,
  type Subscription,
} from '@risk-profile/platform';
import { planWebhook } from './plan-webhook';
import { eraseWebhookBodies, muteWebhookDeliveries, recordWebhookDeliveries } from './webhook-deliveries';

export const WEBHOOK_CONSUMER = 'notification-webhooks';

export interface WebhookConsumerDeps {
  sql: SqlClient;
  bus: EventBus;
  clock: () => Date;
  logger: Logger;
  /** The site's public address, for the report link of assessment.signed. */
  publicUrl: () => string;
  /** Deliveries were recorded: the webhook sender looks now. */
  onRecorded: () => void;
}

/**
 * What one fresh event does, in the transaction that marks it processed: its erasure or
 * restriction settles the deliveries already written (an assessment's events come in order, so
 * its signing's deliveries are there first), then its own webhook is written for every subscribed
 * endpoint. Returns how many bodies it erased and deliveries it wrote.
 */
async function apply(tx: SqlExecutor, event: IntegrationEvent, deps: WebhookConsumerDeps, now: Date) {
  let erased = 0;
  if (event.type === 'AssessmentErased') erased = await eraseWebhookBodies(tx, event.data);
  if (event.type === 'AssessmentProcessingRestricted')
    await muteWebhookDeliveries(tx, event.data.assessmentId);
  const planned = planWebhook(event, deps.publicUrl());
  const recorded = planned ? await recordWebhookDeliveries(tx, planned, now) : 0;
  return { erased, recorded };
}

/**
 * The webhooks' own consumer group on the lifecycle, links and households topics (ADR 0027): a
 * delivery row is written in the transaction that marks its event processed (runOnceEach, ADR
 * 0005), so a crash neither loses nor invents one, and every attempt sends the bytes written here.
 */
export function subscribeWebhookConsumer(deps: WebhookConsumerDeps): Promise<Subscription> {
  const consume = async (messages: readonly BusMessage[]) => {
    const events = new Map(
      messages.map((message) => [message.id, parseIntegrationEvent(message.topic, message.value)]),
    );
    let erased = 0;
    let recorded = 0;
    await runOnceEach(deps.sql, WEBHOOK_CONSUMER, [...events.keys()], async (tx, fresh) => {
      const now = deps.clock();
      for (const id of fresh) {
        const event = events.get(id);
        if (!event) continue;
        const done = await apply(tx, event, deps, now);
        erased += done.erased;
        recorded += done.recorded;
      }
    });
    if (recorded > 0) deps.onRecorded();
    if (erased > 0) {
      // The erased bodies leave the table's files too, as the other erasures do.
      await rewriteErasedTables(deps.sql, ['webhook_deliveries']);
      deps.logger.info({ deliveries: erased }, 'erased webhook bodies');
    }
  };
  return deps.bus.subscribe({
    groupId: WEBHOOK_CONSUMER,
    topics: [ASSESSMENT_LIFECYCLE_TOPIC, QUESTIONNAIRE_LINKS_TOPIC, HOUSEHOLDS_TOPIC],
    handler: (message) => consume([message]),
    handleBatch: consume,
  });
}
