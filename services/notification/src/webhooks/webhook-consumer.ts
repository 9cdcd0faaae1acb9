import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  HOUSEHOLDS_TOPIC,
  type IntegrationEvent,
  parseIntegrationEvent,
  QUESTIONNAIRE_LINKS_TOPIC,
} from '@risk-profile/contracts';
import {
  type BusMessage,
  rewriteErasedTables,
  runOnceEach,
  type SqlExecutor,
  type Subscription,
} from '@risk-profile/platform';
import type { ConsumerDeps } from '../delivery/consumer-deps';
import { isLinkErased, rememberErasedLink } from '../records/erased-links';
import { type PlannedWebhook, planWebhook } from './plan-webhook';
import {
  type ClaimAsWritten,
  eraseWebhookBodies,
  muteWebhookDeliveries,
  recordWebhookDeliveries,
} from './webhook-deliveries';
import type { ClaimedWebhook } from './webhook-queue';

export const WEBHOOK_CONSUMER = 'notification-webhooks';

export interface WebhookConsumerDeps extends ConsumerDeps {
  /** The site's public address, for the report link of assessment.signed. */
  publicUrl: () => string;
  /** The sender's claim on what is written for it to attempt at once (none: written due). */
  claim: () => ClaimAsWritten | undefined;
  /** Deliveries written claimed, for the sender to attempt once their transaction committed. */
  onClaimed: (claimed: readonly ClaimedWebhook[]) => void;
}

/** An event integrators are told of, with its webhook. */
interface Relevant {
  event: IntegrationEvent;
  planned: PlannedWebhook;
}

/**
 * What one fresh event does, in the transaction that marks it processed: its erasure or
 * restriction settles the deliveries already written (an assessment's events come in order, so
 * its signing's deliveries are there first), then its own webhook is written for every subscribed
 * endpoint. Returns how many bodies it erased and deliveries it wrote.
 */
async function apply(tx: SqlExecutor, { event, planned }: Relevant, deps: WebhookConsumerDeps, now: Date) {
  let erased = 0;
  if (event.type === 'AssessmentErased') {
    erased = await eraseWebhookBodies(tx, event.data);
    if (event.data.linkId !== null) await rememberErasedLink(tx, event.data.linkId, event.data.erasedAt);
  }
  if (event.type === 'AssessmentProcessingRestricted')
    await muteWebhookDeliveries(tx, event.data.assessmentId);
  // A link whose client was erased before its request came (another topic) is not announced.
  if (event.type === 'QuestionnaireLinkRequested' && (await isLinkErased(tx, event.data.linkId)))
    return { erased, recorded: 0, claimed: [] };
  return {
    erased,
    ...(await recordWebhookDeliveries(tx, planned, now, {
      claim: deps.claim(),
    })),
  };
}

/**
 * The webhooks' own consumer group on the lifecycle, links and households topics (ADR 0027): a
 * delivery row is written in the transaction that marks its event processed (runOnceEach, ADR
 * 0005), so a crash neither loses nor invents one, and every attempt sends the bytes written here.
 */
export function subscribeWebhookConsumer(deps: WebhookConsumerDeps): Promise<Subscription> {
  const consume = async (messages: readonly BusMessage[]) => {
    // Events no webhook is planned for (drafts, analytics) change nothing here, so they are not
    // marked processed either: most of the lifecycle topic costs no transaction.
    const events = new Map<string, Relevant>();
    for (const message of messages) {
      const event = parseIntegrationEvent(message.topic, message.value);
      const planned = planWebhook(event, deps.publicUrl());
      if (planned) events.set(message.id, { event, planned });
    }
    if (events.size === 0) return;
    let erased = 0;
    let recorded = 0;
    let claimed: ClaimedWebhook[] = [];
    await runOnceEach(deps.sql, WEBHOOK_CONSUMER, [...events.keys()], async (tx, fresh) => {
      // A transaction tried again starts over.
      [erased, recorded, claimed] = [0, 0, []];
      const now = deps.clock();
      for (const id of fresh) {
        const event = events.get(id);
        if (!event) continue;
        const done = await apply(tx, event, deps, now);
        erased += done.erased;
        recorded += done.recorded;
        claimed.push(...done.claimed);
      }
    });
    if (claimed.length > 0) deps.onClaimed(claimed);
    if (recorded > claimed.length) deps.onRecorded();
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
