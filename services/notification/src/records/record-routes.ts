import {
  accessLogEndpoint,
  adminReportPdfEndpoint,
  adviserReportPdfEndpoint,
  getAdminRecordEndpoint,
  getAdviserRecordEndpoint,
  listAdminRecordsEndpoint,
  listAdviserRecordsEndpoint,
  listSentLinksEndpoint,
} from '@risk-profile/contracts';
import { appendAccess, httpError, parseQuery, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express, Request, Response } from 'express';
import { renderReportPdf, reportPdfFileName } from '../rendering';
import { readAccessLog } from './access-log';
import { mountExportRecords } from './export-records/export-records.route';
import { accessBy, assessmentIdOf, NOT_FOUND_MESSAGE, type RecordRouteDeps, scopeOf } from './record-http';
import { RecordQueries } from './record-queries';
import { mountResendReport } from './resend-report/resend-report.route';
import { listSentLinks } from './sent-links.query';

// The service's entry sets the resend limits up with these.
export {
  RESEND_WINDOW_MS,
  RESENDS_PER_ADVISER_PER_HOUR,
  RESENDS_PER_ASSESSMENT_PER_HOUR,
} from './resend-report/resend-limits';

export const NOT_SIGNED_MESSAGE =
  'This assessment is not signed yet: its report exists once the client signs.';

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

  app.get(listSentLinksEndpoint.path, adviser, async (req, res) => {
    const page = parseQuery(listSentLinksEndpoint, req.query);
    res.json(await listSentLinks(deps.sql, sessionUserOf(req).adviserSlug, page));
  });

  app.get(accessLogEndpoint.path, admin, async (req, res) => {
    const { cursor, limit, ...filter } = parseQuery(accessLogEndpoint, req.query);
    res.json(await readAccessLog(deps.sql, filter, { cursor, limit }));
  });

  mountResendReport(app, { ...deps, queries });
  mountExportRecords(app, { ...deps, queries });
}
