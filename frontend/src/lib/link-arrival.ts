import { readStored, writeStored } from './storage';

const KEY = 'risk-profile:arrived-with-link';

/**
 * Whether this tab was opened from a questionnaire link. The token leaves the address as soon as
 * it is read, so this remembers it for the logout redirect (root instead of /login).
 */
export function markArrivedWithLinkToken(): void {
  writeStored('session', KEY, true);
}

export function arrivedWithLinkToken(): boolean {
  if (new URLSearchParams(window.location.search).has('token')) return true;
  return readStored('session', KEY, (value) => (typeof value === 'boolean' ? value : undefined), false);
}
