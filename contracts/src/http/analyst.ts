import { z } from 'zod';
import { defineEndpoint, errorBodySchema, REFUSED_RESPONSES } from './endpoint';
import { INVALID_EMAIL_MESSAGE, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from './limits';
import { isoDateTimeSchema, messageBodySchema, withMarkLimit } from './primitives';

/**
 * Data teams (docs/analyst-access.md): analyst accounts query the live analytics store through
 * ClickHouse's own HTTP interface, which the analytics service serves behind the gateway at
 * CLICKHOUSE_HTTP_PATH, so ClickHouse's clients (@clickhouse/client with `pathname`,
 * clickhouse-connect, JDBC over HTTP, Grafana) connect to the product as to a server.
 */

/** Where ClickHouse's HTTP interface is served (outside /api: its protocol is ClickHouse's). */
export const CLICKHOUSE_HTTP_PATH = '/clickhouse';

/** Largest request body at CLICKHOUSE_HTTP_PATH (the query, or its part after the `query` parameter). */
export const CLICKHOUSE_BODY_LIMIT = 1024 * 1024;

/**
 * The adviser service's internal check of a credential sent to /clickhouse (basic auth,
 * X-ClickHouse-User/Key, or an API token). The gateway never routes it: only the analytics
 * service calls it, over the internal network or in process.
 */
export const ANALYST_CREDENTIALS_PATH = '/internal/analyst-credentials';

/** An API token as the analyst copies it: this prefix, then the secret (base64url). */
export const ANALYST_TOKEN_PREFIX = 'rpa_';
const MAX_TOKEN_LENGTH = 200;
const MAX_TOKEN_NAME_LENGTH = 100;
/** Enough for any analyst's tools; a revoked or unused token is no reason to run out. */
export const MAX_ANALYST_TOKENS = 20;

/** The client's address, as the analytics service saw it, for the sign-in limits. */
const callerIpSchema = z.string().max(64);

export const analystCredentialsBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('password'),
    email: z.string().max(MAX_EMAIL_LENGTH),
    password: z.string().min(1).max(1024),
    ip: callerIpSchema,
  }),
  z.object({ kind: z.literal('token'), token: z.string().min(1).max(MAX_TOKEN_LENGTH), ip: callerIpSchema }),
]);
export type AnalystCredentialsBody = z.infer<typeof analystCredentialsBodySchema>;

/** Who a query runs as: never more than the access log needs. */
export const analystIdentitySchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  name: z.string(),
});
export type AnalystIdentity = z.infer<typeof analystIdentitySchema>;

/**
 * 200: the credential is an analyst's (role analyst, or an administrator given analyst access);
 * 401: wrong or unknown; 403: a valid account without analyst access; 429: limited or locked.
 */
export const analystCredentialsResponses = {
  200: z.object({ analyst: analystIdentitySchema }),
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  429: errorBodySchema,
} as const;

/** The refusals of an endpoint that takes no body: a malformed token id is simply not found. */
const NO_ACCESS_RESPONSES = { 401: errorBodySchema, 403: errorBodySchema } as const;

export const analystTokenSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  /** The first characters of the token, so its holder can tell which one a tool uses. */
  prefix: z.string(),
  createdAt: isoDateTimeSchema,
  lastUsedAt: isoDateTimeSchema.nullable(),
});
export type AnalystToken = z.infer<typeof analystTokenSchema>;

export const createAnalystTokenBodySchema = z.object({
  name: withMarkLimit(
    z
      .string({ error: 'Name is required.' })
      .trim()
      .min(1, 'Name is required.')
      .max(MAX_TOKEN_NAME_LENGTH, `Name must be at most ${MAX_TOKEN_NAME_LENGTH} characters.`),
  ),
});

export const listAnalystTokensEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/analyst/tokens',
  service: 'adviser',
  access: 'analyst',
  summary: "The signed-in analyst's API tokens for /clickhouse (never the secrets).",
  // No 400: it takes no body or query.
  responses: { 200: z.object({ tokens: z.array(analystTokenSchema) }), ...NO_ACCESS_RESPONSES },
});

export const createAnalystTokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/analyst/tokens',
  service: 'adviser',
  access: 'analyst',
  summary: 'Creates an API token; its secret is in this answer only (stored as a hash).',
  body: createAnalystTokenBodySchema,
  responses: {
    201: z.object({ token: analystTokenSchema, secret: z.string() }),
    ...REFUSED_RESPONSES,
    409: errorBodySchema,
  },
});

export const revokeAnalystTokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/analyst/tokens/:id/revoke',
  service: 'adviser',
  access: 'analyst',
  summary: "Revokes one of the signed-in analyst's API tokens; it stops working at once.",
  responses: { 200: messageBodySchema, ...NO_ACCESS_RESPONSES, 404: errorBodySchema },
});

export const createAnalystBodySchema = z.object({
  name: withMarkLimit(
    z
      .string({ error: 'Name is required.' })
      .trim()
      .min(1, 'Name is required.')
      .max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters.`),
  ),
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE)
    .pipe(z.email(INVALID_EMAIL_MESSAGE)),
});

export const createAnalystEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/analysts',
  service: 'adviser',
  access: 'admin',
  summary: 'Creates an analyst account and emails its invitation link (as for an adviser).',
  body: createAnalystBodySchema,
  responses: {
    201: z.object({ id: z.string(), email: z.string() }),
    ...REFUSED_RESPONSES,
    409: errorBodySchema,
  },
});

export const setAnalystAccessEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/accounts/:id/analyst-access',
  service: 'adviser',
  access: 'admin',
  summary: "Gives an administrator's account analyst access, or takes it away (audited).",
  body: z.object({ analystAccess: z.boolean() }),
  responses: { 200: messageBodySchema, ...REFUSED_RESPONSES, 404: errorBodySchema, 409: errorBodySchema },
});

export const ANALYST_QUERY_OUTCOMES = ['ok', 'refused', 'failed'] as const;

/** One analyst query as the access log keeps it. */
export const analystQueryLogEntrySchema = z.object({
  id: z.string(),
  at: isoDateTimeSchema,
  analystId: z.string(),
  analystEmail: z.string(),
  /** The query's text as received (the analytics store holds no personal data). */
  query: z.string(),
  format: z.string().nullable(),
  outcome: z.enum(ANALYST_QUERY_OUTCOMES),
  /** ClickHouse's error code and message when refused or failed. */
  errorCode: z.number().int().nullable(),
  error: z.string().nullable(),
  rows: z.number().int().nullable(),
  elapsedMs: z.number().int(),
});
export type AnalystQueryLogEntry = z.infer<typeof analystQueryLogEntrySchema>;

export const analystQueryLogQuerySchema = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    .transform((value) => (value?.trim() ? value : undefined)),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const analystQueryLogEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/analyst-queries',
  service: 'analytics',
  access: 'admin',
  summary: 'The access log of analyst queries through /clickhouse, newest first, paged by cursor.',
  query: analystQueryLogQuerySchema,
  responses: {
    200: z.object({ items: z.array(analystQueryLogEntrySchema), nextCursor: z.string().nullable() }),
    ...REFUSED_RESPONSES,
  },
});

/** One worked query of docs/analytics-schema.md: the sentence that introduces it, and its SQL. */
export interface WorkedQuery {
  title: string;
  sql: string;
}

/**
 * The worked queries of docs/analytics-schema.md (its "Worked queries" section): each fenced
 * `sql` block with the paragraph before it as its title. The query page offers them as examples
 * and the tests run every one, so the docs cannot show a query that does not run.
 */
export function parseWorkedQueries(markdown: string): WorkedQuery[] {
  const start = markdown.search(/^## Worked queries\s*$/m);
  if (start < 0) return [];
  const rest = markdown.slice(start).split('\n').slice(1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  const lines = end < 0 ? rest : rest.slice(0, end);
  const queries: WorkedQuery[] = [];
  let paragraph: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '```sql') {
      const sql: string[] = [];
      for (i++; i < lines.length && lines[i]!.trim() !== '```'; i++) sql.push(lines[i]!);
      queries.push({
        title: paragraph.join(' ').replace(/:$/, '').trim(),
        sql: sql.join('\n').trim(),
      });
      paragraph = [];
    } else if (line.trim() === '') {
      if (paragraph.length > 0 && lines[i + 1]?.trim() !== '```sql') paragraph = [];
    } else {
      paragraph.push(line.trim());
    }
  }
  return queries;
}
