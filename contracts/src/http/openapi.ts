import { z } from 'zod';
import {
  createDocument,
  type oas32,
  type ZodOpenApiOperationObject,
  type ZodOpenApiOverride,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import contractsPackage from '../../package.json' with { type: 'json' };
import { WEBHOOK_EVENT_SCHEMAS } from '../webhooks/webhook-events';
import { adviserSchema, adviserSlugSchema } from './advisers';
import {
  ANALYTICS_CHANGED_EVENT,
  acceptedResponseSchema,
  analyticsSummarySchema,
  deviceStatsSchema,
  dropOffSchema,
  questionDifficultySchema,
  questionEventBatchSchema,
  questionEventSchema,
  recentAssessmentsSchema,
} from './analytics';
import { assessmentSchema } from './assessments';
import { userResponseSchema, userSchema } from './auth';
import { type Access, type EndpointDefinition, errorBodySchema } from './endpoint';
import { ENDPOINTS, type EndpointName } from './index';
import { messageBodySchema } from './primitives';
import { verifiedLinkSchema } from './questionnaire-links';

/*
 * The OpenAPI 3.1 document of the HTTP API, generated from ENDPOINTS so it cannot list an
 * endpoint, a body or a status the contracts do not. What a schema cannot say (error codes,
 * sessions, rate limits, idempotency, the event stream's behaviour) is in docs/api.md.
 */

/** The session cookie's name on an http site; over https it is `__Host-rp_session` (platform's session-cookie.ts). */
const SESSION_COOKIE_NAME = 'rp_session';

/** Named components: each schema here is written once under components.schemas and referred to. */
const COMPONENTS: Readonly<Record<string, z.ZodType>> = {
  ErrorBody: errorBodySchema,
  Assessment: assessmentSchema,
  User: userSchema,
  UserResponse: userResponseSchema,
  Message: messageBodySchema,
  Adviser: adviserSchema,
  VerifiedLink: verifiedLinkSchema,
  QuestionEvent: questionEventSchema,
  Accepted: acceptedResponseSchema,
  AnalyticsSummary: analyticsSummarySchema,
  QuestionDifficulty: questionDifficultySchema,
  DropOff: dropOffSchema,
  DeviceStats: deviceStatsSchema,
  RecentAssessments: recentAssessmentsSchema,
};

/** Every `:param` of every path; the services answer 404 (never 400) for a value that does not fit. */
const PATH_PARAMETERS: Readonly<Record<string, z.ZodType>> = {
  slug: adviserSlugSchema.describe("The adviser's page name."),
  id: z
    .uuid()
    .describe(
      'The id of the assessment, (under /api/admin/accounts) of the account, (under /api/auth/sessions) of the session, or (under /api/admin/webhooks) of the webhook endpoint.',
    ),
  deliveryId: z.string().describe("A webhook delivery's id, its `webhook-id` header (`msg_…`)."),
};

/**
 * Bodies the generator cannot read from the schema: the ingest body is a transform that
 * dispatches on `events` by hand (for clearer errors), so its two accepted shapes are named here
 * (a test holds them to the contract's own schema).
 */
export const DOCUMENTED_REQUEST_BODIES: Partial<Record<EndpointName, z.ZodType>> = {
  ingestQuestionEvents: z.union([questionEventSchema, questionEventBatchSchema]),
};

/** Endpoints that answer with a server-sent event stream rather than JSON. */
const EVENT_STREAMS: Partial<Record<EndpointName, string>> = {
  analyticsStream: `A text/event-stream that sends \`event: ${ANALYTICS_CHANGED_EVENT}\` (data \`{}\`) each time the analytics projections change, so the dashboard refetches; comment lines keep it open. It ends when the session does.`,
};

/** Endpoints whose success is a file to download rather than JSON: its media type and what it is. */
const DOWNLOADS: Partial<Record<EndpointName, { type: string; description: string }>> = {
  adviserReportPdf: {
    type: 'application/pdf',
    description: 'The signed report, as emailed (an attachment).',
  },
  adminReportPdf: { type: 'application/pdf', description: 'The signed report, as emailed (an attachment).' },
  exportAdminRecords: {
    type: 'text/csv',
    description: 'RFC 4180 CSV in UTF-8 with a byte order mark, one row per assessment (an attachment).',
  },
};

/** Endpoints a browser navigates to, whose every answer is a redirect: where it leads. */
const REDIRECTS: Partial<Record<EndpointName, string>> = {
  oidcLogin:
    "To the identity provider's authorisation endpoint, or to the sign-in page with `ssoError` (docs/accounts.md, single sign-on).",
  oidcCallback:
    'To the landing page of the account signed in (with its session cookie), or to the sign-in page with `ssoError`.',
};

const ACCESS_NOTES: Readonly<Record<Access, string>> = {
  public: 'No session needed.',
  enrolling: 'Needs a session (any role), including one signed in only to set up a second factor.',
  'signed-in': 'Needs a session (any role) that is not limited to setting up a second factor.',
  adviser: 'Needs a session with the adviser role.',
  admin: 'Needs a session with the admin role.',
  analyst: 'Needs a session with analyst access (the analyst role, or an administrator given it).',
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  400: 'The request is refused: the body, query or link does not pass the contract.',
  401: 'No valid session, or (sign-in) the email and password do not match.',
  403: 'The session may not do this: it lacks the role, (sending links) an adviser page, or its account must set up a second factor first (`MFA_SETUP_REQUIRED`).',
  404: 'Not found.',
  409: 'Conflict with the current state.',
  410: 'The link was used already, replaced by a newer one, or has expired.',
  422: 'The request is well formed but refused by a rule that needs the server.',
  429: 'Too many requests; see Retry-After where present.',
};

/**
 * zod drops unknown keys rather than refusing them, and a client should keep working when an
 * answer gains a field, so only a strict object (such as the answers) says no other property.
 */
const openObjects: ZodOpenApiOverride = ({ zodSchema, jsonSchema }) => {
  const def = zodSchema._zod.def;
  if (def.type === 'object' && def.catchall === undefined) delete jsonSchema.additionalProperties;
};

/** `/api/advisers/:slug` as OpenAPI writes it, `/api/advisers/{slug}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, '{$1}');
}

const pathParameterNames = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z][A-Za-z0-9_]*)/g)].map((match) => match[1]!);

function pathParameters(path: string): z.ZodObject | undefined {
  const names = pathParameterNames(path);
  if (names.length === 0) return undefined;
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) {
    const schema = PATH_PARAMETERS[name];
    if (!schema) throw new Error(`No OpenAPI description for the path parameter "${name}" of ${path}`);
    shape[name] = schema;
  }
  return z.object(shape);
}

function operation(name: EndpointName, endpoint: EndpointDefinition): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    const stream = EVENT_STREAMS[name];
    const download = DOWNLOADS[name];
    const redirect = REDIRECTS[name];
    responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] =
      redirect && Number(status) >= 300 && Number(status) < 400
        ? { description: redirect, headers: { Location: { schema: { type: 'string' } } } }
        : stream && Number(status) < 300
          ? { description: stream, content: { 'text/event-stream': { schema: { type: 'string' } } } }
          : download && Number(status) < 300
            ? {
                description: download.description,
                content: { [download.type]: { schema: { type: 'string' } } },
              }
            : {
                description: STATUS_TEXT[Number(status)] ?? 'See docs/api.md.',
                content: { 'application/json': { schema } },
              };
  }
  responses.default = {
    description:
      'Any other error, from the gateway or the service kit (413, 415, 429 over the per-IP limit or for a locked account, 403 for a cross-site write or a session that must set up a second factor first, 5xx): see docs/api.md.',
    content: { 'application/json': { schema: errorBodySchema } },
  };
  const body = DOCUMENTED_REQUEST_BODIES[name] ?? endpoint.body;
  const path = pathParameters(endpoint.path);
  const query = endpoint.query instanceof z.ZodObject ? endpoint.query : undefined;
  return {
    operationId: name,
    summary: endpoint.summary,
    description: ACCESS_NOTES[endpoint.access],
    tags: [endpoint.service],
    ...(endpoint.access === 'public' ? {} : { security: [{ sessionCookie: [] }] }),
    ...(path || query ? { requestParams: { ...(path ? { path } : {}), ...(query ? { query } : {}) } } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses,
  };
}

/**
 * OpenAPI 3.1's `webhooks`: the POST each subscribed endpoint receives per event type, with the
 * Standard Webhooks headers (docs/webhooks.md); the receiver answers any 2xx within 15 s.
 */
function webhookOperations(): ZodOpenApiPathsObject {
  const header = (description: string) => ({
    required: true,
    description,
    schema: { type: 'string' as const },
  });
  const webhooks: ZodOpenApiPathsObject = {};
  for (const [type, schema] of Object.entries(WEBHOOK_EVENT_SCHEMAS)) {
    webhooks[type] = {
      post: {
        operationId: `webhook:${type}`,
        summary: schema.description,
        tags: ['webhooks'],
        parameters: [
          {
            in: 'header',
            name: 'webhook-id',
            ...header('`msg_` + the event id: the same on every attempt; deduplicate on it.'),
          },
          {
            in: 'header',
            name: 'webhook-timestamp',
            ...header('Unix seconds of this attempt; refuse one far from your clock.'),
          },
          {
            in: 'header',
            name: 'webhook-signature',
            ...header(
              '`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with each current secret, space separated.',
            ),
          },
        ],
        requestBody: { required: true, content: { 'application/json': { schema } } },
        responses: {
          '200': {
            description:
              'Any 2xx within 15 s is a delivery; anything else is retried, and 410 disables the endpoint.',
          },
        },
      },
    };
  }
  return webhooks;
}

/**
 * The document served at GET /api/openapi.json; pure, so the server builds it once and keeps it.
 * It declares OpenAPI 3.1.0; the return type is zod-openapi 6's 3.2 model because that library
 * types every document it builds that way (3.2 is a superset of 3.1).
 */
export function buildOpenApiDocument(): oas32.OpenAPIObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [EndpointName, EndpointDefinition][]) {
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(name, endpoint) };
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Risk Profile API',
        version: contractsPackage.version,
        description:
          'Generated from the zod contracts in contracts/src/http. Errors, sessions, rate limits, idempotency and the event stream are described in docs/api.md.',
      },
      servers: [{ url: '/' }],
      paths,
      webhooks: webhookOperations(),
      components: {
        schemas: { ...COMPONENTS },
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE_NAME,
            description:
              'The httpOnly session cookie set by a successful sign-in (POST /api/auth/login or /api/admin/login). Over https it is named `__Host-rp_session`.',
          },
        },
      },
    },
    { override: openObjects },
  );
}
