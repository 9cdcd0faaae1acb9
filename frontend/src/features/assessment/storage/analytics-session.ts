import { v7 as uuidv7 } from 'uuid';
import { readStored, writeStored } from '../../../lib/storage';

const KEY = 'risk-profile:analytics-session';

/** A stored session id, if it is one the analytics contract accepts (1 to 100 characters). */
export function parseSessionId(value: unknown): string | undefined {
  return typeof value === 'string' && value.length >= 1 && value.length <= 100 ? value : undefined;
}

/** One analytics session per browser tab (session storage), surviving reloads of the page. */
export function analyticsSessionId(): string {
  const existing = readStored('session', KEY, parseSessionId, '');
  if (existing) return existing;
  return rotateAnalyticsSessionId();
}

/** A new session for a new assessment in the same tab, so its views and answers count apart. */
export function rotateAnalyticsSessionId(): string {
  // A UUIDv7: the browser's clock in milliseconds, then random bits. The analytics store keeps
  // sessions in the order of that time (its migrations 005 and 006), which keeps the dashboard's
  // reads fast; the random bits tell sessions apart.
  const id = uuidv7();
  writeStored('session', KEY, id);
  return id;
}
