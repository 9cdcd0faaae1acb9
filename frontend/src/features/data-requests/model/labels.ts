import type { ErasureReason, ErasureResult, RecordStatus } from '@risk-profile/contracts';
import { dateFormats } from '../../../lib/time-zone';

type Outcome = ErasureResult['items'][number]['outcome'];

export const OUTCOME_LABELS: Record<Outcome, string> = {
  erased: 'Erased',
  restricted: 'Restricted, not erased',
  'already-erased': 'Already erased',
};

export const REASON_LABELS: Record<ErasureReason, string> = {
  request: "Client's request",
  'draft-retention': 'Draft retention ended',
  'record-retention': 'Record retention ended',
};

export const STATUS_LABELS: Record<RecordStatus, string> = {
  in_progress: 'In progress',
  signed: 'Signed',
};

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/*
 * Dates in the firm's zone (the server's REPORT_TIME_ZONE, lib/time-zone), named, as on the other
 * admin pages and in the reports: never the browser's own zone. "…" until the zone is known.
 */

/** "25 Nov 2026 AEDT": a day (a start, a signature, the end of a retention). */
export const formatDate = (iso: string, timeZone: string | undefined): string =>
  dateFormats(timeZone).day(iso);
/** "25 Nov 2026, 3:04 pm AEDT": when the time of day matters (an erasure). */
export const formatDateTime = (iso: string, timeZone: string | undefined): string =>
  dateFormats(timeZone).short(iso);
