import {
  formatAdminDateTime,
  formatLongDateTime,
  formatShortDate,
  formatShortDateTime,
  formatTimeOfDay,
} from '@risk-profile/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client';

/**
 * Every date a page shows is written in the firm's zone (the server's REPORT_TIME_ZONE), with the
 * zone named, as in the reports and messages: never in the browser's own zone. The zone comes from
 * GET /api/display-settings, asked once per visit.
 */
export const displaySettingsQueryOptions = queryOptions({
  queryKey: ['display-settings'] as const,
  queryFn: ({ signal }) => callEndpoint('displaySettings', { signal }),
});

/** The firm's IANA zone, or undefined until the server has said it. */
export function useTimeZone(): string | undefined {
  return useQuery(displaySettingsQueryOptions).data?.timeZone;
}

/** How a page writes dates: each returns "—" for no date, and "…" until the zone is known. */
export interface DateFormats {
  /** "28 November 2026 at 9:34 am AEDT" */
  long(iso: string | null): string;
  /** "28 Nov 2026, 9:34 am AEDT" */
  short(iso: string | null): string;
  /** "28 Nov 2026 AEDT" */
  day(iso: string | null): string;
  /** "Nov 28, 2026 9:34 AM AEDT": the admin pages' 'MMM d, yyyy h:mm a' */
  admin(iso: string | null): string;
  /** "9:34 am AEDT": a time today, where the day goes without saying */
  time(iso: string | null): string;
}

const PENDING = '…';
const NONE = '—';

export function dateFormats(timeZone: string | undefined): DateFormats {
  const writer =
    (format: (instant: string, zone: string) => string) =>
    (iso: string | null): string => {
      if (!iso) return NONE;
      return timeZone ? format(iso, timeZone) : PENDING;
    };
  return {
    long: writer(formatLongDateTime),
    short: writer(formatShortDateTime),
    day: writer(formatShortDate),
    admin: writer(formatAdminDateTime),
    time: writer(formatTimeOfDay),
  };
}

/** The page's date formats in the firm's zone. */
export function useDates(): DateFormats {
  return dateFormats(useTimeZone());
}
