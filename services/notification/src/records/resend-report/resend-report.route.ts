import { adviserResendReportEndpoint } from '@risk-profile/contracts';
import {
  appendAccess,
  HttpError,
  httpError,
  parseBody,
  requireAccess,
  sessionUserOf,
} from '@risk-profile/platform';
import type { Express } from 'express';
import { recordDeliveries } from '../../delivery/deliveries';
import { accessBy, assessmentIdOf, NOT_FOUND_MESSAGE, type RecordRouteDeps, scopeOf } from '../record-http';
import type { RecordQueries } from '../record-queries';
import { plannedResend, resendMessage } from './planned-resend';
import { takeResend } from './resend-limits';

export const RESTRICTED_MESSAGE =
  "This assessment's processing is restricted (its erasure was refused within the retention period): no message is sent about it.";

/**
 * The adviser sends a signed report again, to themselves or to the client, within the resend
 * limits; the delivery is recorded with its access log entry, and the sender does the rest.
 */
export function mountResendReport(app: Express, deps: RecordRouteDeps & { queries: RecordQueries }): void {
  const adviser = requireAccess(deps.sessions, 'adviser');
  app.post(adviserResendReportEndpoint.path, adviser, async (req, res) => {
    const user = sessionUserOf(req);
    const id = assessmentIdOf(req);
    const { to } = parseBody(adviserResendReportEndpoint, req.body);
    const data = await deps.queries.signed(scopeOf(user), id);
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
    const delivery = await deps.queries.delivery(rows[0]!.id);
    res.status(202).json({ message: resendMessage(planned, deps.outbox), delivery });
  });
}
