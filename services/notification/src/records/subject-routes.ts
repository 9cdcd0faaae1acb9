import {
  calendarDate,
  type DataSubject,
  dataSubjectKey,
  dataSubjectKeysOf,
  exportSubjectEndpoint,
  findSubjectAssessmentsEndpoint,
  NO_MATCHING_ASSESSMENTS_MESSAGE,
  type RecordStatus,
  retainedUntil,
  type SubjectAssessment,
} from '@risk-profile/contracts';
import {
  clientIp,
  httpError,
  parseQuery,
  requireAccess,
  type SessionVerifier,
  type SqlClient,
  type SqlExecutor,
  sessionUserOf,
} from '@risk-profile/platform';
import type { Express } from 'express';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { renderReportPdf, reportPdfFileName } from '../rendering';
import { csvRow, UTF8_BOM } from './csv';
import { DELIVERY_STATUS } from './record-delivery';
import { appendAccess, parseRecord } from './record-queries';

/** How long what the assessment service keeps is kept (the same keys it reads). */
export interface Retention {
  draftDays: number;
  recordYears: number;
}

export interface SubjectRouteDeps {
  sql: SqlClient;
  sessions: SessionVerifier;
  clock: () => Date;
  /** Dates in the reports, as in the emailed ones, and the export's file name (REPORT_TIME_ZONE). */
  timeZone: string;
  retention: Retention;
}

type Time = Date | string;
const iso = (value: Time): string => new Date(value).toISOString();
const isoOrNull = (value: Time | null): string | null => (value === null ? null : iso(value));

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

interface SubjectRow {
  assessment_id: string;
  adviser_slug: string | null;
  client_name: string;
  client_email: string | null;
  client_phone: string | null;
  status: RecordStatus;
  risk_score: number;
  risk_group: number;
  recommended_profile: string;
  selected_profile: string;
  profile_changed: boolean;
  started_at: Time;
  signed_at: Time | null;
  superseded: boolean;
  link_id: string | null;
  drafted_event_id: string | null;
  signed_event_id: string | null;
  record: unknown;
  adviser_review: boolean;
  capacity_warning: boolean;
  capacity: unknown;
  restricted_at: Time | null;
}

/**
 * Every record of one client, restricted ones included, oldest first. The SQL narrows the rows
 * (an email in any case; a number by its last nine digits, whatever its spacing or +61), and the
 * contracts' dataSubjectKeysOf decides, so every service matches a client the same way: a
 * similar address (another domain, a +tag) is another client.
 */
async function subjectRows(sql: SqlExecutor, subject: DataSubject): Promise<SubjectRow[]> {
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

function subjectAssessment(row: SubjectRow, retention: Retention): SubjectAssessment {
  const base = {
    id: row.assessment_id,
    adviserSlug: row.adviser_slug,
    clientName: row.client_name,
    clientEmail: row.client_email,
    clientPhone: row.client_phone,
    status: row.status,
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

/** The messages about these assessments: their reports, and the link messages that brought the client. */
async function deliveriesOf(sql: SqlExecutor, rows: readonly SubjectRow[]) {
  const { rows: deliveries } = await sql.query<DeliveryRow>(
    `SELECT id, assessment_id, link_id, kind, channel, recipient_role, recipient, subject, ${DELIVERY_STATUS} AS status, attempts,
       last_error, created_at, sent_at, failed_at, resend, requested_by
     FROM notification_deliveries
     WHERE assessment_id = ANY($1::uuid[]) OR link_id = ANY($2::text[])
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

const DELIVERY_CSV_HEADER = [
  'Delivery id',
  'Assessment id',
  'Link id',
  'Message',
  'Channel',
  'To',
  'Recipient',
  'Subject',
  'Status',
  'Attempts',
  'Error',
  'Recorded',
  'Sent',
  'Failed',
  'Resend',
  'Requested by',
];

const README = `What this file holds about the client, as the records of the notification service keep it.

assessments.json  Every assessment of the client (by the email address or mobile number asked for):
                  the record as the adviser and the administrator see it, until when it is kept,
                  whether its processing is restricted, and its events in readable form (the draft,
                  the signature with every answer and the signing evidence, the link it came by).
reports/          The signed report of each signed assessment, as PDF (the same document as emailed).
deliveries.json   Every message about these assessments (reports, copies, link messages): to whom,
deliveries.csv    when, and whether it was sent. Message content is not kept after sending.
`;

/**
 * A client's data requests (contracts/src/http/data-requests.ts): the matching assessments, and
 * everything held about them as a ZIP. Administrators only; each export is in the access log,
 * once per assessment, without the email or number asked for.
 */
export function mountSubjectRoutes(app: Express, deps: SubjectRouteDeps): void {
  const admin = requireAccess(deps.sessions, 'admin');

  app.get(findSubjectAssessmentsEndpoint.path, admin, async (req, res) => {
    const subject = parseQuery(findSubjectAssessmentsEndpoint, req.query);
    const rows = await subjectRows(deps.sql, subject);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ items: rows.map((row) => subjectAssessment(row, deps.retention)) });
  });

  app.get(exportSubjectEndpoint.path, admin, async (req, res) => {
    const user = sessionUserOf(req);
    const subject = parseQuery(exportSubjectEndpoint, req.query);
    const rows = await subjectRows(deps.sql, subject);
    if (rows.length === 0) throw httpError.notFound(NO_MATCHING_ASSESSMENTS_MESSAGE);
    const now = deps.clock();
    const { rows: links } = await deps.sql.query<{
      link_id: string;
      adviser_slug: string;
      client_name: string;
      client_email: string | null;
      client_phone: string | null;
      method: string;
      requested_at: Time;
      expires_at: Time;
    }>(
      `SELECT link_id, adviser_slug, client_name, client_email, client_phone, method, requested_at, expires_at
       FROM records_links WHERE link_id = ANY($1::text[])`,
      [rows.flatMap((r) => (r.link_id ? [r.link_id] : []))],
    );
    const deliveries = await deliveriesOf(deps.sql, rows);
    const files: Zippable = {};
    const assessments = [];
    for (const row of rows) {
      const signed = row.record ? parseRecord(row.record) : null;
      let report: string | null = null;
      if (signed) {
        const input = { assessment: signed, adviser: signed.adviser, timeZone: deps.timeZone };
        report = `reports/${row.assessment_id}-${reportPdfFileName(input)}`;
        // A PDF is compressed already: stored as it is.
        files[report] = [await renderReportPdf(input), { level: 0 }];
      }
      const link = links.find((l) => l.link_id === row.link_id);
      assessments.push({
        ...subjectAssessment(row, deps.retention),
        riskScore: row.risk_score,
        riskGroup: row.risk_group,
        recommendedProfile: row.recommended_profile,
        selectedProfile: row.selected_profile,
        profileChanged: row.profile_changed,
        supersededByALaterSignature: row.superseded,
        adviserReview: row.adviser_review,
        capacityWarning: row.capacity_warning,
        capacity: typeof row.capacity === 'string' ? JSON.parse(row.capacity) : row.capacity,
        report,
        events: [
          ...(link
            ? [
                {
                  event: 'QuestionnaireLinkRequested',
                  at: iso(link.requested_at),
                  data: {
                    linkId: link.link_id,
                    adviserSlug: link.adviser_slug,
                    clientName: link.client_name,
                    clientEmail: link.client_email,
                    clientPhone: link.client_phone,
                    method: link.method,
                    expiresAt: iso(link.expires_at),
                  },
                },
              ]
            : []),
          {
            event: 'AssessmentDrafted',
            eventId: row.drafted_event_id,
            at: iso(row.started_at),
            data: {
              assessmentId: row.assessment_id,
              adviserSlug: row.adviser_slug,
              linkId: row.link_id,
              clientName: row.client_name,
              clientEmail: row.client_email,
              clientPhone: row.client_phone,
              riskScore: row.risk_score,
              riskGroup: row.risk_group,
              recommendedProfile: row.recommended_profile,
              selectedProfile: row.selected_profile,
              profileChanged: row.profile_changed,
            },
          },
          ...(signed
            ? [{ event: 'AssessmentSigned', eventId: row.signed_event_id, at: signed.signedAt, data: signed }]
            : []),
        ],
      });
    }
    files['README.txt'] = strToU8(README);
    files['assessments.json'] = strToU8(
      `${JSON.stringify({ exportedAt: now.toISOString(), matchedBy: subject.email !== null ? 'email' : 'mobile number', subject, assessments }, null, 2)}\n`,
    );
    files['deliveries.json'] = strToU8(`${JSON.stringify(deliveries, null, 2)}\n`);
    files['deliveries.csv'] = strToU8(
      UTF8_BOM +
        csvRow(DELIVERY_CSV_HEADER) +
        deliveries
          .map((d) =>
            csvRow([
              d.id,
              d.assessmentId,
              d.linkId,
              d.kind,
              d.channel,
              d.to,
              d.recipient,
              d.subject,
              d.status,
              d.attempts,
              d.lastError,
              d.createdAt,
              d.sentAt,
              d.failedAt,
              d.resend ? 'yes' : 'no',
              d.requestedBy,
            ]),
          )
          .join(''),
    );
    const zip = zipSync(files, { mtime: now });
    const matchedBy = subject.email !== null ? 'email address' : 'mobile number';
    await deps.sql.transaction(async (tx) => {
      for (const row of rows) {
        await appendAccess(tx, {
          at: now,
          actorEmail: user.email,
          actorRole: 'admin',
          action: 'subject-export',
          assessmentId: row.assessment_id,
          ipAddress: clientIp(req),
          detail: `client's data request by ${matchedBy}: ${rows.length} assessment${rows.length === 1 ? '' : 's'}`,
        });
      }
    });
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader(
      'Content-Disposition',
      // The day in the firm's zone, as the reports' file names inside: not UTC's.
      `attachment; filename="client-data-${calendarDate(now, deps.timeZone)}.zip"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    res.end(Buffer.from(zip));
  });
}
