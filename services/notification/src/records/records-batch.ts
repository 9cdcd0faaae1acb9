import {
  type AssessmentDraftedV1,
  type AssessmentSignedV1,
  type CapacityRecord,
  capacityRecordOf,
  questionnaireOf,
  questionnaireVersionOf,
} from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';
import { clientKey, searchText } from './record-rules';

/**
 * A fetched page of drafts and signatures projected in three statements, whatever its size:
 * under load the records consumer falls behind by whole pages, and one statement per event per
 * page is what it would otherwise cost (ADR 0023). The end state is the one the per-event
 * projections (records-consumer.ts) reach: drafts first, then signatures; an assessment's last
 * event of a kind wins; and every signed record older than its client's newest signed record
 * with the same adviser is superseded.
 */

const clientOf = (d: { clientName: string; clientEmail: string | null; clientPhone: string | null }) => ({
  name: d.clientName,
  email: d.clientEmail,
  phone: d.clientPhone,
});

const capacityFields = (capacity: CapacityRecord | undefined) => ({
  adviser_review: capacity?.adviserReview ?? false,
  capacity_warning: (capacity?.warnings.length ?? 0) > 0,
  capacity: capacity ?? null,
});

const COMMON = `assessment_id uuid, adviser_slug text, client_name text, client_email text, client_phone text,
  client_key text, search text, risk_score integer, risk_group integer, recommended_profile text,
  selected_profile text, profile_changed boolean, started_at timestamptz, link_id text,
  adviser_review boolean, capacity_warning boolean, capacity jsonb, questionnaire_version integer`;
const COMMON_COLUMNS = `assessment_id, adviser_slug, client_name, client_email, client_phone, client_key, search,
  risk_score, risk_group, recommended_profile, selected_profile, profile_changed, started_at, link_id,
  adviser_review, capacity_warning, capacity, questionnaire_version`;

/** The last event of each assessment, in the page's order. */
function lastOfEach<E extends { data: { assessmentId: string } }>(events: readonly E[]): E[] {
  return [...new Map(events.map((event) => [event.data.assessmentId, event])).values()];
}

function commonFields(d: AssessmentDraftedV1['data'] | AssessmentSignedV1['data']) {
  return {
    assessment_id: d.assessmentId,
    adviser_slug: d.adviserSlug,
    client_name: d.clientName,
    client_email: d.clientEmail,
    client_phone: d.clientPhone,
    client_key: clientKey(clientOf(d)),
    search: searchText(clientOf(d)),
    risk_score: d.riskScore,
    risk_group: d.riskGroup,
    recommended_profile: d.originalProfile,
    selected_profile: d.selectedProfile,
    profile_changed: d.profileChanged,
    started_at: d.createdAt,
    link_id: d.linkId ?? null,
    questionnaire_version: questionnaireVersionOf(d),
  };
}

/** New in-progress records; a known assessment keeps its record (a signed one is never taken back). */
export async function projectDrafts(tx: SqlExecutor, drafts: readonly AssessmentDraftedV1[]): Promise<void> {
  if (drafts.length === 0) return;
  const rows = lastOfEach(drafts).map((event) => ({
    ...commonFields(event.data),
    drafted_event_id: event.id,
    // A draft carries no answers: without a recorded capacity it has none yet.
    ...capacityFields(event.data.capacity),
  }));
  await tx.query(
    `INSERT INTO records_assessments (${COMMON_COLUMNS}, drafted_event_id, status)
     SELECT ${COMMON_COLUMNS}, drafted_event_id, 'in_progress'
     FROM jsonb_to_recordset($1::jsonb) AS x(${COMMON}, drafted_event_id text)
     ON CONFLICT (assessment_id) DO UPDATE SET drafted_event_id = EXCLUDED.drafted_event_id`,
    [JSON.stringify(rows)],
  );
}

/**
 * Records as signed, whatever arrived before, with each event's data kept as the record; then
 * the older signed records of each client and adviser among them superseded; then report
 * deliveries recorded before their assessment id was (purged content) joined to it.
 */
export async function projectSignatures(
  tx: SqlExecutor,
  signatures: readonly AssessmentSignedV1[],
): Promise<void> {
  if (signatures.length === 0) return;
  const rows = lastOfEach(signatures).map((event) => ({
    ...commonFields(event.data),
    signed_at: event.data.signedAt,
    signed_event_id: event.id,
    record: event.data,
    // An event signed before capacity was recorded: recomputed from its answers by its version's rule.
    ...capacityFields(capacityRecordOf(event.data, questionnaireOf(event.data).capacity)),
  }));
  const page = JSON.stringify(rows);
  // The next two statements need a few fields of each row, not the records: a page they parse
  // in full would cost each of them what the insert's parse costs.
  const keys = JSON.stringify(
    rows.map((r) => ({
      adviser_slug: r.adviser_slug,
      client_key: r.client_key,
      assessment_id: r.assessment_id,
      signed_event_id: r.signed_event_id,
    })),
  );
  await tx.query(
    `INSERT INTO records_assessments AS r (${COMMON_COLUMNS}, signed_at, signed_event_id, record, status, superseded)
     SELECT ${COMMON_COLUMNS}, signed_at, signed_event_id, record, 'signed', false
     FROM jsonb_to_recordset($1::jsonb) AS x(${COMMON}, signed_at timestamptz, signed_event_id text, record jsonb)
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
       capacity = EXCLUDED.capacity, questionnaire_version = EXCLUDED.questionnaire_version,
       superseded = false`,
    [page],
  );
  await tx.query(
    `UPDATE records_assessments AS r SET superseded = true
     FROM (SELECT o.adviser_slug, o.client_key, max(o.signed_at) AS newest
           FROM records_assessments AS o
           JOIN (SELECT DISTINCT adviser_slug, client_key
                 FROM jsonb_to_recordset($1::jsonb) AS p(adviser_slug text, client_key text)) AS p
             ON o.client_key = p.client_key AND o.adviser_slug IS NOT DISTINCT FROM p.adviser_slug
           WHERE o.status = 'signed'
           GROUP BY o.adviser_slug, o.client_key) AS c
     WHERE r.status = 'signed' AND r.client_key = c.client_key
       AND r.adviser_slug IS NOT DISTINCT FROM c.adviser_slug AND r.signed_at < c.newest AND NOT r.superseded`,
    [keys],
  );
  await tx.query(
    `UPDATE notification_deliveries AS d SET assessment_id = s.assessment_id
     FROM jsonb_to_recordset($1::jsonb) AS s(assessment_id uuid, signed_event_id text)
     WHERE d.event_id = s.signed_event_id AND d.assessment_id IS NULL`,
    [keys],
  );
}
