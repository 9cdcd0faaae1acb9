import {
  type DataSubject,
  dataSubjectKey,
  dataSubjectKeysOf,
  type RecordStatus,
  retainedUntil,
  type SubjectAssessment,
} from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';
import { DELIVERY_STATUS } from './record-delivery';
import { type AssessmentRow, recordIdentity } from './record-queries';
import { iso, isoOrNull, type Time } from './record-time';

/** How long what the assessment service keeps is kept (the same keys it reads). */
export interface Retention {
  draftDays: number;
  recordYears: number;
}

/** A draft is kept from its last change, a signed record from its signature (docs/records.md). */
function retainedUntilOf(
  record: { status: RecordStatus; startedAt: string; signedAt: string | null },
  retention: Retention,
): string {
  return retainedUntil(
    {
      status: record.status,
      draftedAt: new Date(record.startedAt),
      signedAt: record.signedAt === null ? null : new Date(record.signedAt),
    },
    { draftRetentionDays: retention.draftDays, recordRetentionYears: retention.recordYears },
  ).toISOString();
}

/** A row of records_assessments with the ids of its events and the signed event's data. */
export interface SubjectRow extends AssessmentRow {
  drafted_event_id: string | null;
  signed_event_id: string | null;
  record: unknown;
}

/**
 * Every record of one client, restricted ones included, oldest first. The SQL narrows the rows
 * (an email in any case; a number by its last nine digits, whatever its spacing or +61), and the
 * contracts' dataSubjectKeysOf decides, so every service matches a client the same way: a
 * similar address (another domain, a +tag) is another client.
 */
export async function subjectRows(sql: SqlExecutor, subject: DataSubject): Promise<SubjectRow[]> {
  const key = dataSubjectKey(subject);
  const { rows } =
    subject.email !== null
      ? await sql.query<SubjectRow>(
          'SELECT * FROM records_assessments WHERE lower(trim(client_email)) = $1 ORDER BY started_at, assessment_id',
          [key.slice('email:'.length)],
        )
      : await sql.query<SubjectRow>(
          `SELECT * FROM records_assessments WHERE right(regexp_replace(client_phone, '\\D', '', 'g'), 9) = $1
           ORDER BY started_at, assessment_id`,
          [key.slice(-9)],
        );
  return rows.filter((row) =>
    dataSubjectKeysOf({ clientEmail: row.client_email, clientPhone: row.client_phone }).includes(key),
  );
}

export function subjectAssessment(row: SubjectRow, retention: Retention): SubjectAssessment {
  const base = {
    ...recordIdentity(row),
    startedAt: iso(row.started_at),
    signedAt: isoOrNull(row.signed_at),
    restrictedAt: isoOrNull(row.restricted_at),
  };
  return { ...base, retainedUntil: retainedUntilOf(base, retention) };
}

interface DeliveryRow {
  id: string;
  assessment_id: string | null;
  link_id: string | null;
  kind: string;
  channel: string;
  recipient_role: string;
  recipient: string;
  subject: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: Time;
  sent_at: Time | null;
  failed_at: Time | null;
  resend: boolean;
  requested_by: string | null;
}

/**
 * The messages about these assessments: their reports, the household messages to the client as a
 * member, and the link messages that brought the client.
 */
export async function deliveriesOf(sql: SqlExecutor, rows: readonly SubjectRow[]) {
  const { rows: deliveries } = await sql.query<DeliveryRow>(
    `SELECT id, coalesce(assessment_id, member_assessment_id) AS assessment_id, link_id, kind, channel, recipient_role,
       recipient, subject, ${DELIVERY_STATUS} AS status, attempts, last_error, created_at, sent_at, failed_at, resend, requested_by
     FROM notification_deliveries
     WHERE assessment_id = ANY($1::uuid[]) OR member_assessment_id = ANY($1::uuid[]) OR link_id = ANY($2::text[])
     ORDER BY created_at, id`,
    [rows.map((r) => r.assessment_id), rows.flatMap((r) => (r.link_id ? [r.link_id] : []))],
  );
  return deliveries.map((d) => ({
    id: d.id,
    assessmentId: d.assessment_id,
    linkId: d.link_id,
    kind: d.kind,
    channel: d.channel,
    to: d.recipient_role,
    recipient: d.recipient,
    subject: d.subject,
    status: d.status,
    attempts: d.attempts,
    lastError: d.last_error,
    createdAt: iso(d.created_at),
    sentAt: isoOrNull(d.sent_at),
    failedAt: isoOrNull(d.failed_at),
    resend: d.resend,
    requestedBy: d.requested_by,
  }));
}

export type SubjectDelivery = Awaited<ReturnType<typeof deliveriesOf>>[number];

export interface SubjectLinkRow {
  link_id: string;
  adviser_slug: string;
  client_name: string;
  client_email: string | null;
  client_phone: string | null;
  method: string;
  requested_at: Time;
  expires_at: Time;
}

/** The questionnaire links these assessments came by. */
export async function linksOf(sql: SqlExecutor, rows: readonly SubjectRow[]): Promise<SubjectLinkRow[]> {
  const { rows: links } = await sql.query<SubjectLinkRow>(
    `SELECT link_id, adviser_slug, client_name, client_email, client_phone, method, requested_at, expires_at
     FROM records_links WHERE link_id = ANY($1::text[])`,
    [rows.flatMap((r) => (r.link_id ? [r.link_id] : []))],
  );
  return links;
}
