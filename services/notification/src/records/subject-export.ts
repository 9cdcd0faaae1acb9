import type { AssessmentSignedV1, DataSubject } from '@risk-profile/contracts';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { renderReportPdf, reportPdfFileName } from '../rendering';
import { csvRow, UTF8_BOM } from './csv';
import { parseRecord, recordProfile } from './record-queries';
import { iso } from './record-time';
import type { SubjectHousehold } from './subject-households';
import {
  type Retention,
  type SubjectDelivery,
  type SubjectLinkRow,
  type SubjectRow,
  subjectAssessment,
} from './subject-queries';

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
households.json   The households the client was profiled in with others: the household's name, the
                  client's assessment in it and, once every member confirmed, the profile agreed for
                  the joint money with its reason and the client's own confirmation. The other
                  members' details and the joint report are theirs too, and are not in this file.
`;

export interface SubjectExport {
  subject: DataSubject;
  rows: readonly SubjectRow[];
  links: readonly SubjectLinkRow[];
  deliveries: readonly SubjectDelivery[];
  households: readonly SubjectHousehold[];
  now: Date;
  /** Dates in the reports, as in the emailed ones (REPORT_TIME_ZONE). */
  timeZone: string;
  retention: Retention;
}

/**
 * The ZIP of everything held about one client: the README, each assessment with its events in
 * readable form, each signed report as PDF, the messages about them as JSON and CSV, and the
 * client's part in any household.
 */
export async function subjectExportZip({
  subject,
  rows,
  links,
  deliveries,
  households,
  now,
  timeZone,
  retention,
}: SubjectExport): Promise<Uint8Array> {
  const files: Zippable = {};
  const assessments = [];
  for (const row of rows) {
    const signed = row.record ? parseRecord(row.record) : null;
    let report: string | null = null;
    if (signed) {
      const input = { assessment: signed, adviser: signed.adviser, timeZone };
      report = `reports/${row.assessment_id}-${reportPdfFileName(input)}`;
      // A PDF is compressed already: stored as it is.
      files[report] = [await renderReportPdf(input), { level: 0 }];
    }
    const link = links.find((l) => l.link_id === row.link_id);
    assessments.push({
      ...subjectAssessment(row, retention),
      // The questionnaire the client answered (its wording is the report's), and the profile.
      ...recordProfile(row),
      supersededByALaterSignature: row.superseded,
      adviserReview: row.adviser_review,
      capacityWarning: row.capacity_warning,
      capacity: typeof row.capacity === 'string' ? JSON.parse(row.capacity) : row.capacity,
      report,
      events: eventsOf(row, link, signed),
    });
  }
  files['README.txt'] = strToU8(README);
  files['assessments.json'] = strToU8(
    `${JSON.stringify({ exportedAt: now.toISOString(), matchedBy: subject.email !== null ? 'email' : 'mobile number', subject, assessments }, null, 2)}\n`,
  );
  files['deliveries.json'] = strToU8(`${JSON.stringify(deliveries, null, 2)}\n`);
  files['deliveries.csv'] = strToU8(deliveriesCsv(deliveries));
  files['households.json'] = strToU8(`${JSON.stringify(households, null, 2)}\n`);
  return zipSync(files, { mtime: now });
}

/** An assessment's events in readable form: the link it came by, its draft and its signature. */
function eventsOf(
  row: SubjectRow,
  link: SubjectLinkRow | undefined,
  signed: AssessmentSignedV1['data'] | null,
) {
  return [
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
        ...recordProfile(row),
      },
    },
    ...(signed
      ? [{ event: 'AssessmentSigned', eventId: row.signed_event_id, at: signed.signedAt, data: signed }]
      : []),
  ];
}

function deliveriesCsv(deliveries: readonly SubjectDelivery[]): string {
  const lines = deliveries.map((d) =>
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
  );
  return UTF8_BOM + csvRow(DELIVERY_CSV_HEADER) + lines.join('');
}
