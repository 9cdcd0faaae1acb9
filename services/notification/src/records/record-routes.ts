import { randomUUID } from 'node:crypto';
import {
  accessLogEndpoint,
  adminReportPdfEndpoint,
  adviserReportPdfEndpoint,
  adviserResendReportEndpoint,
  calendarDate,
  exportAdminRecordsEndpoint,
  getAdminRecordEndpoint,
  getAdviserRecordEndpoint,
  listAdminRecordsEndpoint,
  listAdviserRecordsEndpoint,
  listSentLinksEndpoint,
  type RecordSummary,
  type ResendReportBody,
} from '@risk-profile/contracts';
import {
  clientIp,
  HttpError,
  httpError,
  parseBody,
  parseQuery,
  requireAccess,
  type SessionUser,
  type SessionVerifier,
  type SqlClient,
  type SqlRateLimitStore,
  sessionUserOf,
} from '@risk-profile/platform';
import type { Express, Request, Response } from 'express';
import { type NewDelivery, recordDeliveries } from '../delivery/deliveries';
import { renderReportPdf, reportPdfFileName } from '../rendering';
import { csvRow, UTF8_BOM } from './csv';
import {
  type AccessEntry,
  appendAccess,
  type RecordFilter,
  RecordQueries,
  type RecordScope,
  readAccessLog,
} from './record-queries';
import { UUID_KEY } from './record-rules';

export interface RecordRouteDeps {
  sql: SqlClient;
  sessions: SessionVerifier;
  clock: () => Date;
  reviewIntervalMonths: number;
  /** Dates in the report on demand, as in the emailed one, and the export's file name (REPORT_TIME_ZONE). */
  timeZone: string;
  /** Wakes the sender for a resent report. */
  onRecorded: () => void;
  resendLimits: ResendLimits;
  /** The channels whose transport saves messages in the outbox folder instead of sending them. */
  outbox: { email: boolean; sms: boolean };
}

/** Resends per hour: of one assessment's report, and by one adviser in all (shared by every instance). */
export interface ResendLimits {
  perAssessment: { limit: number; store: SqlRateLimitStore };
  perAdviser: { limit: number; store: SqlRateLimitStore };
}

export const RESEND_WINDOW_MS = 60 * 60_000;
export const RESENDS_PER_ASSESSMENT_PER_HOUR = 5;
export const RESENDS_PER_ADVISER_PER_HOUR = 30;
const CSV_PAGE = 500;

export const NOT_FOUND_MESSAGE = 'No such assessment.';
export const RESTRICTED_MESSAGE =
  "This assessment's processing is restricted (its erasure was refused within the retention period): no message is sent about it.";
export const NOT_SIGNED_MESSAGE =
  'This assessment is not signed yet: its report exists once the client signs.';

const scopeOf = (user: SessionUser): RecordScope =>
  user.role === 'admin' ? 'all' : { adviserSlug: user.adviserSlug };

/** The id in the path: anything that is not an assessment id is as absent as a missing one. */
function assessmentIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!UUID_KEY.test(id)) throw httpError.notFound(NOT_FOUND_MESSAGE);
  return id.toLowerCase();
}

function accessBy(
  req: Request,
  user: SessionUser,
  at: Date,
): Pick<AccessEntry, 'at' | 'actorEmail' | 'actorRole' | 'ipAddress'> {
  return {
    at,
    actorEmail: user.email,
    actorRole: user.role === 'admin' ? 'admin' : 'adviser',
    ipAddress: clientIp(req),
  };
}

/** The export's filters in words, for the access log. */
export function describeFilter(filter: RecordFilter): string {
  const parts = [
    filter.adviser ? `adviser ${filter.adviser}` : 'every adviser',
    filter.status ? `status ${filter.status}` : undefined,
    filter.reviewDue !== undefined ? `review due ${filter.reviewDue ? 'yes' : 'no'}` : undefined,
    filter.q ? `search "${filter.q}"` : undefined,
  ];
  return parts.filter((part) => part !== undefined).join(', ');
}

export const CSV_HEADER = [
  'Assessment id',
  'Adviser',
  'Client name',
  'Client email',
  'Client mobile',
  'Status',
  'Risk score',
  'Risk group',
  'Recommended profile',
  'Chosen profile',
  'Started',
  'Signed',
  'Review due',
  'Report delivery',
];

export const csvLine = (r: RecordSummary): string =>
  csvRow([
    r.id,
    r.adviserSlug,
    r.clientName,
    r.clientEmail,
    r.clientPhone,
    r.status === 'signed' ? 'signed' : 'in progress',
    r.riskScore,
    r.riskGroup,
    r.recommendedProfile,
    r.selectedProfile,
    r.startedAt,
    r.signedAt,
    r.reviewDue ? 'yes' : 'no',
    r.reportDelivery?.status ?? null,
  ]);

/**
 * The adviser's workspace and the admin's records (contracts/src/http/records.ts). Every route
 * checks its session here as well as at the gateway; an adviser reads only their own records,
 * and another adviser's is answered exactly as a missing one. Views, downloads, resends and
 * exports are appended to the access log before the answer goes.
 */
export function mountRecordRoutes(app: Express, deps: RecordRouteDeps): void {
  const queries = new RecordQueries(deps.sql, deps.reviewIntervalMonths);
  const adviser = requireAccess(deps.sessions, 'adviser');
  const admin = requireAccess(deps.sessions, 'admin');

  app.get(listAdviserRecordsEndpoint.path, adviser, async (req, res) => {
    const { cursor, limit, ...filter } = parseQuery(listAdviserRecordsEndpoint, req.query);
    res.json(await queries.list(scopeOf(sessionUserOf(req)), filter, { cursor, limit }, deps.clock()));
  });
  app.get(listAdminRecordsEndpoint.path, admin, async (req, res) => {
    const { cursor, limit, ...filter } = parseQuery(listAdminRecordsEndpoint, req.query);
    res.json(await queries.list('all', filter, { cursor, limit }, deps.clock()));
  });

  const detail = async (req: Request, res: Response) => {
    const user = sessionUserOf(req);
    const id = assessmentIdOf(req);
    const now = deps.clock();
    const record = await queries.detail(scopeOf(user), id, now);
    if (!record) throw httpError.notFound(NOT_FOUND_MESSAGE);
    await appendAccess(deps.sql, {
      ...accessBy(req, user, now),
      action: 'record-view',
      assessmentId: id,
    });
    res.json(record);
  };
  app.get(getAdviserRecordEndpoint.path, adviser, detail);
  app.get(getAdminRecordEndpoint.path, admin, detail);

  const pdf = async (req: Request, res: Response) => {
    const user = sessionUserOf(req);
    const id = assessmentIdOf(req);
    const data = await queries.signed(scopeOf(user), id);
    if (data === undefined) throw httpError.notFound(NOT_FOUND_MESSAGE);
    if (data === null) throw httpError.notFound(NOT_SIGNED_MESSAGE);
    // The emailed report's input exactly (compose.ts), so the download is the same document.
    const input = {
      assessment: data,
      adviser: data.adviser,
      timeZone: deps.timeZone,
    };
    const body = await renderReportPdf(input);
    await appendAccess(deps.sql, {
      ...accessBy(req, user, deps.clock()),
      action: 'report-download',
      assessmentId: id,
    });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${reportPdfFileName(input)}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  };
  app.get(adviserReportPdfEndpoint.path, adviser, pdf);
  app.get(adminReportPdfEndpoint.path, admin, pdf);

  app.post(adviserResendReportEndpoint.path, adviser, async (req, res) => {
    const user = sessionUserOf(req);
    const id = assessmentIdOf(req);
    const { to } = parseBody(adviserResendReportEndpoint, req.body);
    const data = await queries.signed(scopeOf(user), id);
    if (data === undefined) throw httpError.notFound(NOT_FOUND_MESSAGE);
    if (data === null)
      throw new HttpError(409, 'The report can be sent once the client has signed.', 'CONFLICT');
    const planned = plannedResend(data, to, user.email);
    const now = deps.clock();
    await takeResend(deps.resendLimits, user, id, now);
    await deps.sql.transaction(async (tx) => {
      // The row is locked against a restriction or erasure landing meanwhile: either it comes
      // first and the resend is refused, or it waits and settles the resend with the rest.
      const { rows } = await tx.query<{ restricted_at: Date | string | null }>(
        'SELECT restricted_at FROM records_assessments WHERE assessment_id = $1 FOR UPDATE',
        [id],
      );
      if (!rows[0]) throw httpError.notFound(NOT_FOUND_MESSAGE);
      if (rows[0].restricted_at !== null) throw new HttpError(409, RESTRICTED_MESSAGE, 'CONFLICT');
      await recordDeliveries(tx, [planned], now);
      await appendAccess(tx, {
        ...accessBy(req, user, now),
        action: 'report-resend',
        assessmentId: id,
        // The client's address is not logged: the log is append-only, and the client may ask for erasure.
        detail: to === 'client' ? 'to the client' : `to the adviser (${planned.recipient})`,
      });
    });
    deps.onRecorded();
    const { rows } = await deps.sql.query<{ id: string }>(
      'SELECT id FROM notification_deliveries WHERE event_id = $1',
      [planned.eventId],
    );
    const delivery = await queries.delivery(rows[0]!.id);
    res.status(202).json({ message: resendMessage(planned, deps.outbox), delivery });
  });

  app.get(listSentLinksEndpoint.path, adviser, async (req, res) => {
    const page = parseQuery(listSentLinksEndpoint, req.query);
    res.json(await queries.links(sessionUserOf(req).adviserSlug, page));
  });

  app.get(exportAdminRecordsEndpoint.path, admin, async (req, res) => {
    const user = sessionUserOf(req);
    const filter = parseQuery(exportAdminRecordsEndpoint, req.query);
    const now = deps.clock();
    await appendAccess(deps.sql, {
      ...accessBy(req, user, now),
      action: 'export',
      assessmentId: null,
      detail: describeFilter(filter),
    });
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      // The day in the firm's zone, as the report's file name: not UTC's.
      `attachment; filename="assessments-${calendarDate(now, deps.timeZone)}.csv"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    res.write(UTF8_BOM + csvRow(CSV_HEADER));
    let cursor: string | undefined;
    try {
      do {
        const page = await queries.list('all', filter, { cursor, limit: CSV_PAGE }, now);
        if (page.items.length > 0) res.write(page.items.map(csvLine).join(''));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      res.end();
    } catch (error) {
      // The headers are gone: a cut-off file must not look complete.
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });

  app.get(accessLogEndpoint.path, admin, async (req, res) => {
    const { cursor, limit, ...filter } = parseQuery(accessLogEndpoint, req.query);
    res.json(await readAccessLog(deps.sql, filter, { cursor, limit }));
  });
}

/**
 * What the adviser is told of a resend: on its way, or, where its channel has no transport,
 * saved in the outbox folder instead of sent (never the folder's place on the server).
 */
function resendMessage(
  planned: Pick<NewDelivery, 'kind' | 'recipient'>,
  outbox: RecordRouteDeps['outbox'],
): string {
  const sms = planned.kind === 'client-sms';
  if (!(sms ? outbox.sms : outbox.email)) return `The report is on its way to ${planned.recipient}.`;
  const missing = sms ? 'No SMS provider' : 'No mail server';
  const what = sms ? 'the text message' : 'the report';
  return `${missing} is configured, so ${what} to ${planned.recipient} is saved in the outbox folder on the server instead of being sent.`;
}

/** The delivery a resend asks for, or a 409 when there is nowhere to send it. */
export function plannedResend(
  data: NewDelivery['content'] & {
    assessmentId: string;
    adviser: { email: string } | null;
    clientEmail: string | null;
    clientPhone: string | null;
  },
  to: ResendReportBody['to'],
  requestedBy: string,
): NewDelivery {
  const base = {
    eventId: randomUUID(),
    assessmentId: data.assessmentId,
    content: data,
    resend: true,
    requestedBy,
  };
  if (to === 'adviser') {
    if (!data.adviser)
      throw new HttpError(
        409,
        "This assessment has no adviser's email address to send the report to.",
        'CONFLICT',
      );
    return {
      ...base,
      recipientRole: 'adviser',
      kind: 'adviser-report',
      recipient: data.adviser.email,
    };
  }
  if (data.clientEmail)
    return {
      ...base,
      recipientRole: 'client',
      kind: 'client-report',
      recipient: data.clientEmail,
    };
  if (data.clientPhone)
    return {
      ...base,
      recipientRole: 'client',
      kind: 'client-sms',
      recipient: data.clientPhone,
    };
  throw new HttpError(
    409,
    'The client gave no email address or mobile number to send the report to.',
    'CONFLICT',
  );
}

export const RESEND_LIMITED_MESSAGE = `Too many resends: at most ${RESENDS_PER_ASSESSMENT_PER_HOUR} of one report and ${RESENDS_PER_ADVISER_PER_HOUR} in all per hour. Please try again later.`;

/** Counts a resend against both limits, or refuses it (429) without counting it. */
async function takeResend(
  limits: ResendLimits,
  user: SessionUser,
  assessmentId: string,
  now: Date,
): Promise<void> {
  const adviserKey = user.adviserSlug ?? user.id;
  const assessmentKey = `${adviserKey}:${assessmentId}`;
  const [one, all] = await Promise.all([
    limits.perAssessment.store.increment(assessmentKey),
    limits.perAdviser.store.increment(adviserKey),
  ]);
  if (one.totalHits <= limits.perAssessment.limit && all.totalHits <= limits.perAdviser.limit) return;
  await Promise.all([
    limits.perAssessment.store.decrement(assessmentKey),
    limits.perAdviser.store.decrement(adviserKey),
  ]);
  const over = [
    one.totalHits > limits.perAssessment.limit ? one.resetTime : undefined,
    all.totalHits > limits.perAdviser.limit ? all.resetTime : undefined,
  ];
  const resetAt = Math.max(...over.map((at) => at?.getTime() ?? 0));
  const seconds = Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
  throw new HttpError(429, RESEND_LIMITED_MESSAGE, 'RATE_LIMITED', undefined, seconds);
}
