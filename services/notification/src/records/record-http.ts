import {
  type AccessEntry,
  clientIp,
  httpError,
  type SessionUser,
  type SessionVerifier,
  type SqlClient,
} from '@risk-profile/platform';
import type { Request } from 'express';
import type { RecordScope } from './record-queries';
import { UUID_KEY } from './record-rules';
import type { ResendLimits } from './resend-report/resend-limits';

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

export const NOT_FOUND_MESSAGE = 'No such assessment.';

export const scopeOf = (user: SessionUser): RecordScope =>
  user.role === 'admin' ? 'all' : { adviserSlug: user.adviserSlug };

/** The id in the path: anything that is not an assessment id is as absent as a missing one. */
export function assessmentIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!UUID_KEY.test(id)) throw httpError.notFound(NOT_FOUND_MESSAGE);
  return id.toLowerCase();
}

/** Who is reading, from where, and when: the access log entry's first half. */
export function accessBy(
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
