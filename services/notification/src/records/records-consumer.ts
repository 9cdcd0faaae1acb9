import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  type AssessmentDraftedV1,
  type AssessmentErasedV1,
  type AssessmentProcessingRestrictedV1,
  type AssessmentSignedV1,
  HOUSEHOLDS_TOPIC,
  type HouseholdCreatedV1,
  type IntegrationEvent,
  parseIntegrationEvent,
  QUESTIONNAIRE_LINKS_TOPIC,
  type QuestionnaireLinkRequestedV1,
} from '@risk-profile/contracts';
import {
  type BusMessage,
  type PlatformDeps,
  runOnce,
  runOnceEach,
  type SqlExecutor,
  type Subscription,
} from '@risk-profile/platform';
import { muteDeliveries, rewriteTables } from '../erasure/delivery-erasure';
import { isLinkErased, rememberErasedLink } from './erased-links';
import { forgetHouseholdName, projectHouseholdCreated } from './household-links';
import { projectDrafts, projectSignatures } from './records-batch';

export const RECORDS_CONSUMER = 'records';

type Projected =
  | AssessmentDraftedV1
  | AssessmentSignedV1
  | QuestionnaireLinkRequestedV1
  | AssessmentErasedV1
  | AssessmentProcessingRestrictedV1
  | HouseholdCreatedV1;

function projectedEvent(message: BusMessage): Projected | undefined {
  const event: IntegrationEvent = parseIntegrationEvent(message.topic, message.value);
  return event.type === 'AssessmentDrafted' ||
    event.type === 'AssessmentSigned' ||
    event.type === 'QuestionnaireLinkRequested' ||
    event.type === 'AssessmentErased' ||
    event.type === 'AssessmentProcessingRestricted' ||
    event.type === 'HouseholdCreated'
    ? event
    : undefined;
}

/** The tables an erasure deletes or changes rows of: rewritten after the batch (see rewriteTables). */
const ERASED_TABLES = ['records_assessments', 'records_links', 'records_household_links'];

async function projectLink(tx: SqlExecutor, event: QuestionnaireLinkRequestedV1): Promise<void> {
  const d = event.data;
  // A request arriving after its link's erasure (it comes on another topic) stays forgotten.
  if (await isLinkErased(tx, d.linkId)) return;
  await tx.query(
    `INSERT INTO records_links
       (link_id, adviser_slug, client_name, client_email, client_phone, method, requested_at, expires_at, event_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (link_id) DO NOTHING`,
    [
      d.linkId,
      d.adviserSlug,
      d.clientName,
      d.clientEmail,
      d.clientPhone,
      d.method,
      event.occurredAt,
      d.expiresAt,
      event.id,
    ],
  );
}

/**
 * An erasure: the record and the link it came by are deleted (the access log keeps only their
 * ids), the link is remembered as erased by its id alone, and its household loses its name. An assessment's events come in
 * order, so nothing of it is projected again after this.
 */
async function projectErased(tx: SqlExecutor, event: AssessmentErasedV1): Promise<void> {
  const d = event.data;
  await tx.query('DELETE FROM records_assessments WHERE assessment_id = $1', [d.assessmentId]);
  if (d.linkId === null) return;
  await tx.query('DELETE FROM records_links WHERE link_id = $1', [d.linkId]);
  await forgetHouseholdName(tx, d.linkId);
  await rememberErasedLink(tx, d.linkId, d.erasedAt);
}

/**
 * A refused erasure: the record is kept, hidden from the adviser and muted (restricted_at). The
 * deliveries' consumer settles the report messages; this settles too whatever a resend recorded
 * before the flag was set (a resend locks the row and checks it, so none is recorded after).
 */
async function projectRestricted(tx: SqlExecutor, event: AssessmentProcessingRestrictedV1): Promise<void> {
  await tx.query(
    `UPDATE records_assessments SET restricted_at = $2 WHERE assessment_id = $1 AND restricted_at IS NULL`,
    [event.data.assessmentId, event.data.restrictedAt],
  );
  await muteDeliveries(tx, event.data.assessmentId);
}

export async function project(tx: SqlExecutor, event: Projected): Promise<void> {
  switch (event.type) {
    case 'AssessmentDrafted':
      return projectDrafts(tx, [event]);
    case 'AssessmentSigned':
      return projectSignatures(tx, [event]);
    case 'QuestionnaireLinkRequested':
      return projectLink(tx, event);
    case 'AssessmentErased':
      return projectErased(tx, event);
    case 'AssessmentProcessingRestricted':
      return projectRestricted(tx, event);
    case 'HouseholdCreated':
      return projectHouseholdCreated(tx, event);
  }
}

/**
 * Keeps the records read model from the lifecycle, links and households topics (of the last,
 * HouseholdCreated only: the members' links' household), in its own consumer group
 * (the deliveries' consumer is another): each event once (runOnce), a fetched batch in one
 * transaction, its drafts and signatures a few statements for the whole batch (records-batch.ts).
 * Every projection is also safe to repeat and to receive out of order.
 */
export function subscribeRecordsConsumer(deps: Pick<PlatformDeps, 'sql' | 'bus'>): Promise<Subscription> {
  return deps.bus.subscribe({
    groupId: RECORDS_CONSUMER,
    topics: [ASSESSMENT_LIFECYCLE_TOPIC, QUESTIONNAIRE_LINKS_TOPIC, HOUSEHOLDS_TOPIC],
    handler: async (message) => {
      const event = projectedEvent(message);
      if (!event) return;
      const ran = await runOnce(deps.sql, RECORDS_CONSUMER, message.id, (tx) => project(tx, event));
      if (ran && event.type === 'AssessmentErased') await rewriteTables(deps.sql, ERASED_TABLES);
    },
    handleBatch: async (messages) => {
      const events = new Map<string, Projected>();
      for (const message of messages) {
        const event = projectedEvent(message);
        if (event) events.set(message.id, event);
      }
      if (events.size === 0) return;
      let erased = false;
      await runOnceEach(deps.sql, RECORDS_CONSUMER, [...events.keys()], async (tx, ids) => {
        const page = ids.map((id) => events.get(id)!);
        // Drafts and signatures a statement each for the page; erasures, refusals and links after
        // them, in order (an erasure in the page removes a record signed earlier in it).
        await projectDrafts(
          tx,
          page.filter((event) => event.type === 'AssessmentDrafted'),
        );
        await projectSignatures(
          tx,
          page.filter((event) => event.type === 'AssessmentSigned'),
        );
        for (const event of page) {
          if (event.type === 'AssessmentDrafted' || event.type === 'AssessmentSigned') continue;
          await project(tx, event);
          if (event.type === 'AssessmentErased') erased = true;
        }
      });
      if (erased) await rewriteTables(deps.sql, ERASED_TABLES);
    },
  });
}
