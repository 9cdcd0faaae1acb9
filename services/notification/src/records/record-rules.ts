import { PROFILE_NAMES, type ProfileName } from '@risk-profile/contracts';

/**
 * The list's rules as pure functions (unit-tested): the keyset cursor, the review rule, the
 * search text and the client key. The queries (record-queries.ts) apply them in SQL.
 */

/** A position in a list ordered newest first: the row's time and id break ties. */
export const UUID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SERIAL_KEY = /^\d{1,18}$/;
/** The lists' cursors are the platform's keyset cursors (one mechanism for every paged list). */
export {
  BAD_KEYSET_CURSOR_MESSAGE as BAD_CURSOR_MESSAGE,
  decodeKeysetCursor as decodeCursor,
  encodeKeysetCursor as encodeCursor,
} from '@risk-profile/platform';

/** `date` moved by whole calendar months (UTC), the day kept or clamped to the month's last. */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** When a profile signed at `signedAt` falls due for review. */
export const reviewDueAt = (signedAt: Date, intervalMonths: number): Date =>
  addMonths(signedAt, intervalMonths);

/**
 * A signed profile is due for review once its due date has come, unless the same client has
 * signed again with the same adviser since (`superseded`): only the latest profile counts.
 */
export function isReviewDue(
  record: { signedAt: Date | null; superseded: boolean },
  now: Date,
  intervalMonths: number,
): boolean {
  if (!record.signedAt || record.superseded) return false;
  return reviewDueAt(record.signedAt, intervalMonths).getTime() <= now.getTime();
}

/**
 * One client, for the review rule, within one adviser's records: the email in lower case, else
 * the mobile number's digits, else the name in lower case (a client with neither contact).
 */
export function clientKey(client: { name: string; email: string | null; phone: string | null }): string {
  if (client.email?.trim()) return `email:${client.email.trim().toLowerCase()}`;
  const digits = client.phone?.replace(/\D/g, '') ?? '';
  if (digits) return `phone:${digits}`;
  return `name:${client.name.trim().toLowerCase()}`;
}

/** What `q` is matched against: name, email and phone in lower case, the phone also without spaces. */
export function searchText(client: { name: string; email: string | null; phone: string | null }): string {
  const phone = client.phone ?? '';
  return [client.name, client.email ?? '', phone, phone.replace(/\s+/g, '')].join('\n').toLowerCase();
}

/** The LIKE patterns for a search: the text as typed, and without spaces (a phone typed spaced). */
export function searchPatterns(q: string): [string, string] {
  const lower = q.toLowerCase();
  return [`%${escapeLike(lower)}%`, `%${escapeLike(lower.replace(/\s+/g, ''))}%`];
}

/** A LIKE pattern's wildcards and its escape character matched literally (the default escape `\`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The chosen profile is riskier than the recommended one (an override worth highlighting). */
export const isAboveRecommendation = (recommended: ProfileName, chosen: ProfileName): boolean =>
  PROFILE_NAMES.indexOf(chosen) > PROFILE_NAMES.indexOf(recommended);
