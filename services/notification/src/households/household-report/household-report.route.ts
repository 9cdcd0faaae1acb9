import { householdReportPdfEndpoint } from '@risk-profile/contracts';
import {
  appendAccess,
  httpError,
  requireAccess,
  type SessionVerifier,
  type SqlClient,
  sessionUserOf,
} from '@risk-profile/platform';
import type { Express } from 'express';
import { accessBy } from '../../records/record-http';
import { UUID_KEY } from '../../records/record-rules';
import { householdReportFileName, renderHouseholdReportPdf } from '../../rendering';
import { confirmedHousehold } from '../household-records';
import { isErased } from '../household-snapshot';

export const NOT_A_HOUSEHOLD_ID_MESSAGE = 'That is not a household id: check the address of the report.';
export const HOUSEHOLD_NOT_FOUND_MESSAGE =
  'No such confirmed household: its report exists once every member has confirmed the agreed profile.';

/**
 * The household report on demand: the stored snapshot rendered by the emailed report's renderer,
 * in the same zone, so the download is the same document. Not confirmed yet, another adviser's
 * or no household at all are answered alike (404); a path that holds no household id is a 400. The download is logged as a single report's is, once
 * for each member's assessment (as a data export is), so the log finds it under any member.
 */
export function mountHouseholdReport(
  app: Express,
  deps: { sql: SqlClient; sessions: SessionVerifier; clock: () => Date; timeZone: string },
): void {
  app.get(householdReportPdfEndpoint.path, requireAccess(deps.sessions, 'adviser'), async (req, res) => {
    const user = sessionUserOf(req);
    const id = String(req.params.id);
    if (!UUID_KEY.test(id)) throw httpError.badRequest(NOT_A_HOUSEHOLD_ID_MESSAGE);
    if (!user.adviserSlug) throw httpError.notFound(HOUSEHOLD_NOT_FOUND_MESSAGE);
    const household = await confirmedHousehold(deps.sql, user.adviserSlug, id.toLowerCase());
    if (!household) throw httpError.notFound(HOUSEHOLD_NOT_FOUND_MESSAGE);
    const body = await renderHouseholdReportPdf({ household, timeZone: deps.timeZone });
    const at = deps.clock();
    const members = household.members.flatMap((member) => (isErased(member) ? [] : [member.assessmentId]));
    // One statement for every member's entry: on PGlite each commit waits for its sync to disk.
    await appendAccess(
      deps.sql,
      ...members.map((assessmentId) => ({
        ...accessBy(req, user, at),
        action: 'report-download' as const,
        assessmentId,
        detail: `household report ${household.householdId}`,
      })),
    );
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${householdReportFileName(household, deps.timeZone)}"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  });
}
