import { readStored, removeStored, writeStored } from './storage';

const KEY = 'risk-profile:visit:v1';

export interface VisitClient {
  name: string;
  email: string;
  phone: string;
}

/**
 * What the client arrived with, kept for the browser tab's visit (session storage): the adviser
 * whose page or link brought them, and the details a questionnaire link filled in. The assessment
 * screen unmounts when the client reads the Privacy or Security page, and the link's token has
 * already left the address, so without this the way back would lose both, and the report would
 * no longer reach the adviser.
 */
export interface ClientVisit {
  adviserSlug: string | null;
  client: VisitClient | null;
}

const EMPTY: ClientVisit = { adviserSlug: null, client: null };

// Parsed by hand rather than with a schema, so the first page load does not pull in zod for it.
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;
const isSlug = (value: unknown): value is string =>
  typeof value === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 64;

function parseVisit(value: unknown): ClientVisit | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { adviserSlug, client } = value as Record<string, unknown>;
  if (adviserSlug !== null && !isSlug(adviserSlug)) return undefined;
  if (client === null) return { adviserSlug, client: null };
  if (typeof client !== 'object') return undefined;
  const { name, email, phone } = client as Record<string, unknown>;
  if (!isText(name, 200) || !isText(email, 320) || !isText(phone, 20)) return undefined;
  return { adviserSlug, client: { name, email, phone } };
}

export function readVisit(): ClientVisit {
  return readStored('session', KEY, parseVisit, EMPTY);
}

/** The adviser's page address for this visit, or the root when no adviser brought the client. */
export function visitHome(): { to: '/' } | { to: '/$adviserSlug'; params: { adviserSlug: string } } {
  const { adviserSlug } = readVisit();
  return adviserSlug ? { to: '/$adviserSlug', params: { adviserSlug } } : { to: '/' };
}

export function rememberVisitAdviser(adviserSlug: string): void {
  const visit = readVisit();
  if (visit.adviserSlug !== adviserSlug) writeStored('session', KEY, { ...visit, adviserSlug });
}

export function rememberVisitClient(client: VisitClient): void {
  writeStored('session', KEY, { ...readVisit(), client: { ...client } });
}

/** A new assessment for someone else starts without the last client's link. */
export function forgetVisit(): void {
  removeStored('session', KEY);
}
