import { readStored, removeStored, writeStored } from './storage';

const KEY = 'risk-profile:arrived-with-link';
const LINK_ID_KEY = 'risk-profile:arrival-link-id';

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

// Parsed by hand, as client-visit does, so the first page load does not pull in zod for it.
const isLinkId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * The id of the link this tab's client arrived by (the verify endpoint's `linkId`), kept for the
 * tab's visit so the draft names it even after a visit to another page; a link without an id
 * (issued before link ids) forgets the last one.
 */
export function rememberArrivalLink(linkId: string | null): void {
  if (linkId !== null && isLinkId(linkId)) writeStored('session', LINK_ID_KEY, linkId);
  else removeStored('session', LINK_ID_KEY);
}

export function arrivalLinkId(): string | null {
  return readStored('session', LINK_ID_KEY, (value) => (isLinkId(value) ? value : undefined), null);
}

/** A new assessment for someone else was not made from this link. */
export function forgetArrivalLink(): void {
  removeStored('session', LINK_ID_KEY);
}
