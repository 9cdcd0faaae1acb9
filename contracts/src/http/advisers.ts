import { z } from 'zod';
import { defineEndpoint, errorBodySchema } from './endpoint';
import { RESERVED_SEGMENTS } from './reserved-segments';

const reserved: ReadonlySet<string> = new Set(RESERVED_SEGMENTS);

/** Lowercase words joined by single hyphens: the slug is the first segment of the adviser's page address. */
export const adviserSlugSchema = z
  .string()
  .min(2, 'An adviser page name must be 2 to 64 characters.')
  .max(64, 'An adviser page name must be 2 to 64 characters.')
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'An adviser page name may contain only lowercase letters, digits and single hyphens between them.',
  )
  .refine((slug) => !reserved.has(slug), 'This name is reserved by the site and cannot be an adviser page.');

/**
 * What the adviser's page shows: the banner names the adviser and company. Public, so it carries
 * no email address (the services inside the deployment ask `internalAdviserPath`).
 */
export const adviserSchema = z.object({
  slug: z.string(),
  companyName: z.string(),
  adviserName: z.string(),
});
export type Adviser = z.infer<typeof adviserSchema>;

/**
 * Where an adviser's reports go (a `reportAdviserSchema` body, 404 when unknown), asked by the
 * assessment service of the adviser service directly. Not one of the ENDPOINTS, so the gateway
 * never routes it: only a caller inside the deployment reaches it.
 */
export const internalAdviserPath = (slug: string): string => `/internal/advisers/${encodeURIComponent(slug)}`;

export const getAdviserEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/advisers/:slug',
  service: 'adviser',
  access: 'public',
  summary: "An adviser's public details for the banner on their assessment page; 404 when unknown.",
  responses: { 200: adviserSchema, 404: errorBodySchema },
});
