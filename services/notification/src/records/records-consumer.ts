import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  type AssessmentDraftedV1,
  type AssessmentErasedV1,
  type AssessmentProcessingRestrictedV1,
  type AssessmentSignedV1,
  type CapacityRecord,
  capacityRecordOf,
  type IntegrationEvent,
  parseIntegrationEvent,
  QUESTIONNAIRE_LINKS_TOPIC,
  type QuestionnaireLinkRequestedV1,
} from '@risk-profile/contracts';
import {
  type BusMessage,
  type EventBus,
  runOnce,
  runOnceEach,
  type SqlClient,
  type SqlExecutor,
  type Subscription,
} from '@risk-profile/platform';
import { muteDeliveries, rewriteTables } from '../erasure/delivery-erasure';
import { clientKey, searchText } from './record-rules';

export const RECORDS_CONSUMER = 'records';

type Projected =
  | AssessmentDraftedV1
  | AssessmentSignedV1
  | QuestionnaireLinkRequestedV1
  | AssessmentErasedV1
  | AssessmentProcessingRestrictedV1;

function projectedEvent(message: BusMessage): Projected | undefined {
  const event: IntegrationEvent = parseIntegrationEvent(message.topic, message.value);
  return event.type === 'AssessmentDrafted' ||
    event.type === 'AssessmentSigned' ||
    event.type === 'QuestionnaireLinkRequested' ||
    event.type === 'AssessmentErased' ||
    event.type === 'AssessmentProcessingRestricted'
    ? event
    : undefined;
}

/** The tables an erasure deletes rows of: rewritten after the batch (see rewriteTables). */
const ERASED_TABLES = ['records_assessments', 'records_links'];

const clientOf = (d: { clientName: string; clientEmail: string | null; clientPhone: string | null }) => ({
  name: d.clientName,
  email: d.clientEmail,
  phone: d.clientPhone,
});

/** The lists' flags and the record page's capacity section, from an event's capacity record. */
const capacityColumns = (capacity: CapacityRecord | undefined) => [
  capacity?.adviserReview ?? false,
  (capacity?.warnings.length ?? 0) > 0,
  capacity ? JSON.stringify(capacity) : null,
];

/**
 * A draft: a new in-progress record, or nothing when the assessment is known already. A Drafted
 * redelivered (or arriving late) after its Signed never takes a signed record back.
 */
async function projectDrafted(tx: SqlExecutor, event: AssessmentDraftedV1): Promise<void> {
  const d = event.data;
  await tx.query(
    `INSERT INTO records_assessments
       (assessment_id, adviser_slug, client_name, client_email, client_phone, client_key, search, status,
        risk_score, risk_group, recommended_profile, selected_profile, profile_changed, started_at, link_id,
        drafted_event_id, adviser_review, capacity_warning, capacity)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'in_progress', $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18::jsonb)
     ON CONFLICT (assessment_id) DO UPDATE SET drafted_event_id = EXCLUDED.drafted_event_id`,
    [
      d.assessmentId,
      d.adviserSlug,
      d.clientName,
      d.clientEmail,
      d.clientPhone,
      clientKey(clientOf(d)),
      searchText(clientOf(d)),
      d.riskScore,
      d.riskGroup,
      d.originalProfile,
      d.selectedProfile,
      d.profileChanged,
      d.createdAt,
      d.linkId ?? null,
      event.id,
      // A draft carries no answers: without a recorded capacity it has none yet.
      ...capacityColumns(d.capacity),
    ],
  );
}

/**
 * A signature: the record as signed, whatever arrived before, with the event's data kept as the
 * record. The client's older signed records with this adviser are superseded for the review rule,
 * and this one is when a newer one is already here (events of different assessments may arrive
 * out of order). Report deliveries recorded before their assessment id was (purged content) are
 * joined to it by the event's id.
 */
async function projectSigned(tx: SqlExecutor, event: AssessmentSignedV1): Promise<void> {
  const d = event.data;
  const key = clientKey(clientOf(d));
  await tx.query(
    `INSERT INTO records_assessments AS r
       (assessment_id, adviser_slug, client_name, client_email, client_phone, client_key, search, status,
        risk_score, risk_group, recommended_profile, selected_profile, profile_changed, started_at, signed_at,
        link_id, signed_event_id, record, adviser_review, capacity_warning, capacity, superseded)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'signed', $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb,
       $18, $19, $20::jsonb,
       EXISTS (SELECT 1 FROM records_assessments o
               WHERE o.status = 'signed' AND o.adviser_slug IS NOT DISTINCT FROM $2 AND o.client_key = $6
                 AND o.assessment_id <> $1 AND o.signed_at > $14::timestamptz))
     ON CONFLICT (assessment_id) DO UPDATE SET
       adviser_slug = EXCLUDED.adviser_slug, client_name = EXCLUDED.client_name,
       client_email = EXCLUDED.client_email, client_phone = EXCLUDED.client_phone,
       client_key = EXCLUDED.client_key, search = EXCLUDED.search, status = 'signed',
       risk_score = EXCLUDED.risk_score, risk_group = EXCLUDED.risk_group,
       recommended_profile = EXCLUDED.recommended_profile, selected_profile = EXCLUDED.selected_profile,
       profile_changed = EXCLUDED.profile_changed, started_at = EXCLUDED.started_at,
       signed_at = EXCLUDED.signed_at, link_id = coalesce(EXCLUDED.link_id, r.link_id),
       signed_event_id = EXCLUDED.signed_event_id, record = EXCLUDED.record,
       adviser_review = EXCLUDED.adviser_review, capacity_warning = EXCLUDED.capacity_warning,
       capacity = EXCLUDED.capacity, superseded = EXCLUDED.superseded`,
    [
      d.assessmentId,
      d.adviserSlug,
      d.clientName,
      d.clientEmail,
      d.clientPhone,
      key,
      searchText(clientOf(d)),
      d.riskScore,
      d.riskGroup,
      d.originalProfile,
      d.selectedProfile,
      d.profileChanged,
      d.createdAt,
      d.signedAt,
      d.linkId ?? null,
      event.id,
      JSON.stringify(d),
      // An event signed before capacity was recorded: recomputed from its answers.
      ...capacityColumns(capacityRecordOf(d)),
    ],
  );
  await tx.query(
    `UPDATE records_assessments SET superseded = true
     WHERE status = 'signed' AND adviser_slug IS NOT DISTINCT FROM $1 AND client_key = $2
       AND assessment_id <> $3 AND signed_at < $4::timestamptz AND NOT superseded`,
    [d.adviserSlug, key, d.assessmentId, d.signedAt],
  );
  await tx.query(
    `UPDATE notification_deliveries SET assessment_id = $1
     WHERE event_id = $2 AND assessment_id IS NULL`,
    [d.assessmentId, event.id],
  );
}

async function projectLink(tx: SqlExecutor, event: QuestionnaireLinkRequestedV1): Promise<void> {
  const d = event.data;
  // A request arriving after its link's erasure (it comes on another topic) stays forgotten.
  const erased = await tx.query('SELECT 1 FROM records_erased_links WHERE link_id = $1', [d.linkId]);
  if (erased.rows.length > 0) return;
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
 * ids), and the link is remembered as erased by its id alone. An assessment's events come in
 * order, so nothing of it is projected again after this.
 */
async function projectErased(tx: SqlExecutor, event: AssessmentErasedV1): Promise<void> {
  const d = event.data;
  await tx.query('DELETE FROM records_assessments WHERE assessment_id = $1', [d.assessmentId]);
  if (d.linkId === null) return;
  await tx.query('DELETE FROM records_links WHERE link_id = $1', [d.linkId]);
  await tx.query(
    `INSERT INTO records_erased_links (link_id, erased_at) VALUES ($1, $2) ON CONFLICT (link_id) DO NOTHING`,
    [d.linkId, d.erasedAt],
  );
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
      return projectDrafted(tx, event);
    case 'AssessmentSigned':
      return projectSigned(tx, event);
    case 'QuestionnaireLinkRequested':
      return projectLink(tx, event);
    case 'AssessmentErased':
      return projectErased(tx, event);
    case 'AssessmentProcessingRestricted':
      return projectRestricted(tx, event);
  }
}

/**
 * Keeps the records read model from the lifecycle and links topics, in its own consumer group
 * (the deliveries' consumer is another): each event once (runOnce), a fetched batch in one
 * transaction. Every projection is also safe to repeat and to receive out of order.
 */
export function subscribeRecordsConsumer(deps: { sql: SqlClient; bus: EventBus }): Promise<Subscription> {
  return deps.bus.subscribe({
    groupId: RECORDS_CONSUMER,
    topics: [ASSESSMENT_LIFECYCLE_TOPIC, QUESTIONNAIRE_LINKS_TOPIC],
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
        for (const id of ids) {
          const event = events.get(id)!;
          await project(tx, event);
          if (event.type === 'AssessmentErased') erased = true;
        }
      });
      if (erased) await rewriteTables(deps.sql, ERASED_TABLES);
    },
  });
}
