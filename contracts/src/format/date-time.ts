/**
 * Every date a person reads, on a page, in a report or in a message, is written in ONE zone: the
 * firm's (the notification service's REPORT_TIME_ZONE, which the pages learn from
 * GET /api/display-settings), with the zone's abbreviation beside it ("AEDT"). Never the
 * reader's browser zone nor UTC: one instant must not read as two days. These are the shared
 * helpers; each takes the IANA zone explicitly.
 */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** 'MMM' of the admin pages' 'MMM d, yyyy h:mm a' (the specification's format). */
const ADMIN_MONTHS = LONG_MONTHS.map((month) => month.slice(0, 3));
/** en-AU's abbreviations ("Sept"), as the product's en-AU dates have always read. */
const SHORT_MONTHS = ADMIN_MONTHS.map((month) => (month === 'Sep' ? 'Sept' : month));

/** The wall-clock parts of an instant in a zone, and the zone's abbreviation at that instant. */
export interface ZonedParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
  /** "AEDT", "AEST"; for a zone without an English abbreviation an offset such as "GMT+1". */
  zone: string;
}

// Building a formatter costs far more than formatting with it: one per zone.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formats.set(timeZone, format);
  }
  return format;
}

export function zonedParts(instant: string | Date, timeZone: string): ZonedParts {
  const parts = formatFor(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: Number(part('hour')) % 24,
    minute: Number(part('minute')),
    zone: part('timeZoneName'),
  };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
const clock12 = (p: ZonedParts) => `${p.hour % 12 === 0 ? 12 : p.hour % 12}:${twoDigits(p.minute)}`;

/** "28 November 2026 at 9:34 am AEDT": reports, emails, record pages. */
export function formatLongDateTime(instant: string | Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.day} ${LONG_MONTHS[p.month - 1]} ${p.year} at ${clock12(p)} ${p.hour < 12 ? 'am' : 'pm'} ${p.zone}`;
}

/** "28 Nov 2026, 9:34 am AEDT": lists and tables. */
export function formatShortDateTime(instant: string | Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.day} ${SHORT_MONTHS[p.month - 1]} ${p.year}, ${clock12(p)} ${p.hour < 12 ? 'am' : 'pm'} ${p.zone}`;
}

/** "28 Nov 2026 AEDT": the day in the firm's zone, named, where the time of day does not matter. */
export function formatShortDate(instant: string | Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.day} ${SHORT_MONTHS[p.month - 1]} ${p.year} ${p.zone}`;
}

/** The specification's admin format 'MMM d, yyyy h:mm a' with the zone: "Nov 28, 2026 9:34 AM AEDT". */
export function formatAdminDateTime(instant: string | Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${ADMIN_MONTHS[p.month - 1]} ${p.day}, ${p.year} ${clock12(p)} ${p.hour < 12 ? 'AM' : 'PM'} ${p.zone}`;
}

/** "9:34 am AEDT": a time of day today, where the day goes without saying (when a draft was saved). */
export function formatTimeOfDay(instant: string | Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${clock12(p)} ${p.hour < 12 ? 'am' : 'pm'} ${p.zone}`;
}

/** "2026-11-28": the day in the zone, for file names. */
export function calendarDate(instant: string | Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${twoDigits(p.month)}-${twoDigits(p.day)}`;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone });
    return true;
  } catch {
    return false;
  }
}
