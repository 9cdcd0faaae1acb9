import { httpError } from './http-errors';

/**
 * The cursor of a list ordered newest first: the last row's time and id (ties broken by id), as
 * base64url JSON, opaque to the client: every paged list's cursor.
 */
export interface Keyset {
  at: string;
  id: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const KEY = /^[0-9A-Za-z_-]{1,200}$/;
export const BAD_KEYSET_CURSOR_MESSAGE = 'The cursor is not valid: start again from the first page.';

export function encodeKeysetCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.at, keyset.id]), 'utf8').toString('base64url');
}

/** The keyset a cursor names; a 400 with a clear message for anything this service did not make. */
export function decodeKeysetCursor(cursor: string, key: RegExp = KEY): Keyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw httpError.badRequest(BAD_KEYSET_CURSOR_MESSAGE);
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
    throw httpError.badRequest(BAD_KEYSET_CURSOR_MESSAGE);
  }
  return { at: parsed[0], id: parsed[1] };
}
