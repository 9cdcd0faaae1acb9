import {
  calendarDate,
  exportSubjectEndpoint,
  findSubjectAssessmentsEndpoint,
  NO_MATCHING_ASSESSMENTS_MESSAGE,
} from '@risk-profile/contracts';
import {
  appendAccess,
  clientIp,
  httpError,
  parseQuery,
  requireAccess,
  type SessionVerifier,
  type SqlClient,
  sessionUserOf,
} from '@risk-profile/platform';
import type { Express } from 'express';
import { subjectExportZip } from './subject-export';
import { householdsOf } from './subject-households';
import { deliveriesOf, linksOf, type Retention, subjectAssessment, subjectRows } from './subject-queries';

export interface SubjectRouteDeps {
  sql: SqlClient;
  sessions: SessionVerifier;
  clock: () => Date;
  /** Dates in the reports, as in the emailed ones, and the export's file name (REPORT_TIME_ZONE). */
  timeZone: string;
  retention: Retention;
}

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
    const zip = await subjectExportZip({
      subject,
      rows,
      links: await linksOf(deps.sql, rows),
      deliveries: await deliveriesOf(deps.sql, rows),
      households: await householdsOf(deps.sql, rows),
      now,
      timeZone: deps.timeZone,
      retention: deps.retention,
    });
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
