import { dateFormats } from '../../../lib/time-zone';

/*
 * The records' dates in the firm's zone (the server's REPORT_TIME_ZONE, lib/time-zone), named as
 * in the report and the emails; never the browser's own zone.
 */

/** "25 Nov 2026 AEDT": a day (a start, a review date). */
export function formatDate(iso: string | null, timeZone: string | undefined): string {
  return dateFormats(timeZone).day(iso);
}

/** "25 Nov 2026, 3:04 pm AEDT": when the time of day matters in a list (a link's expiry). */
export function formatShortDateTime(iso: string | null, timeZone: string | undefined): string {
  return dateFormats(timeZone).short(iso);
}

/** "25 November 2026 at 3:04 pm AEDT": where the time matters (a signature, a delivery). */
export function formatDateTime(iso: string | null, timeZone: string | undefined): string {
  return dateFormats(timeZone).long(iso);
}
