import { readStored, writeStored } from '../../../lib/storage';

const KEY = 'risk-profile:analytics-session';

function newSessionId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

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
  const id = newSessionId();
  writeStored('session', KEY, id);
  return id;
}
