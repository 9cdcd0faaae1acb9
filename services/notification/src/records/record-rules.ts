import { PROFILE_NAMES, type ProfileName } from '@risk-profile/contracts';
import { httpError } from '@risk-profile/platform';

/**
 * The list's rules as pure functions (unit-tested): the keyset cursor, the review rule, the
 * search text and the client key. The queries (record-queries.ts) apply them in SQL.
 */

/** A position in a list ordered newest first: the row's time and id break ties. */
export interface Keyset {
  at: string;
  id: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const KEY = /^[0-9A-Za-z_-]{1,200}$/;
export const UUID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SERIAL_KEY = /^\d{1,18}$/;
export const BAD_CURSOR_MESSAGE = 'The cursor is not valid: start again from the first page.';

/** Opaque to the client: base64url of the last row's time and id. */
export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.at, keyset.id]), 'utf8').toString('base64url');
}

/** The keyset a cursor names; a 400 with a clear message for anything this service did not make. */
export function decodeCursor(cursor: string, key: RegExp = KEY): Keyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw httpError.badRequest(BAD_CURSOR_MESSAGE);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    !ISO.test(parsed[0]) ||
    Number.isNaN(Date.parse(parsed[0])) ||
    !key.test(parsed[1])
  ) {
    throw httpError.badRequest(BAD_CURSOR_MESSAGE);
  }
  return { at: parsed[0], id: parsed[1] };
}

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
