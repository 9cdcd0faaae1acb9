import { calendarDate, exportAdminRecordsEndpoint, type RecordSummary } from '@risk-profile/contracts';
import { appendAccess, parseQuery, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { csvRow, UTF8_BOM } from '../csv';
import { accessBy, type RecordRouteDeps } from '../record-http';
import type { RecordFilter, RecordQueries } from '../record-queries';

/** Records read per query while the file streams out. */
const CSV_PAGE = 500;

/** The export's filters in words, for the access log. */
export function describeFilter(filter: RecordFilter): string {
  const parts = [
    filter.adviser ? `adviser ${filter.adviser}` : 'every adviser',
    filter.status ? `status ${filter.status}` : undefined,
    filter.reviewDue !== undefined ? `review due ${filter.reviewDue ? 'yes' : 'no'}` : undefined,
    // The id alone: the log is append-only, and a household's name may name its members.
    filter.household ? `household ${filter.household.toLowerCase()}` : undefined,
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
  'Household',
  'Status',
  'Risk score',
  'Risk group',
  'Recommended profile',
  'Chosen profile',
  'Started',
  'Signed',
  'Review due',
  'Report delivery',
  'Questionnaire version',
];

export const csvLine = (r: RecordSummary): string =>
  csvRow([
    r.id,
    r.adviserSlug,
    r.clientName,
    r.clientEmail,
    r.clientPhone,
    // The adviser typed it: csvCell keeps a name like "=Smiths" from running as a formula.
    r.household?.name ?? null,
    r.status === 'signed' ? 'signed' : 'in progress',
    r.riskScore,
    r.riskGroup,
    r.recommendedProfile,
    r.selectedProfile,
    r.startedAt,
    r.signedAt,
    r.reviewDue ? 'yes' : 'no',
    r.reportDelivery?.status ?? null,
    r.questionnaireVersion,
  ]);

/** The admin's CSV of every record the filter matches, streamed page by page; logged before it goes. */
export function mountExportRecords(app: Express, deps: RecordRouteDeps & { queries: RecordQueries }): void {
  const admin = requireAccess(deps.sessions, 'admin');
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
        const page = await deps.queries.list('all', filter, { cursor, limit: CSV_PAGE }, now);
        if (page.items.length > 0) res.write(page.items.map(csvLine).join(''));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      res.end();
    } catch (error) {
      // The headers are gone: a cut-off file must not look complete.
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
