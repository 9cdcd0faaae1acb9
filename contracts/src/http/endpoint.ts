import { z } from 'zod';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './storable-text';

/** Every error answer of every service: a message for people, plus machine detail where useful. */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What a signed-in endpoint with a query or body refuses: bad input, no session, wrong role. */
export const REFUSED_RESPONSES = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
} as const;

export const HTTP_METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const SERVICE_NAMES = ['assessment', 'adviser', 'notification', 'analytics'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * Who may call an endpoint, so the gateway can refuse early: `signed-in` is any session,
 * `adviser` and `admin` need that role, `analyst` needs analyst access (the analyst role, or an
 * administrator given it). Services still check for themselves. `enrolling` is any session,
 * including one that may only set up its second factor (MFA_REQUIRED_ROLES): every other level
 * refuses such a session with 403 `MFA_SETUP_REQUIRED`.
 */
export type Access = 'public' | 'enrolling' | 'signed-in' | 'adviser' | 'admin' | 'analyst';

export interface EndpointDefinition {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly service: ServiceName;
  readonly access: Access;
  readonly summary: string;
  readonly body?: z.ZodType;
  /** The query string's parameters, for GET endpoints that take any. */
  readonly query?: z.ZodType;
  readonly responses: Readonly<Record<number, z.ZodType>>;
}

/** Keeps the literal types of the definition (method, path, status codes) for the helpers below. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return Object.freeze(endpoint);
}

/** What a caller sends (before the schema's defaults and trimming). */
export type RequestBody<E extends EndpointDefinition> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : undefined;
/** What a service holds after `validateBody`. */
export type ParsedBody<E extends EndpointDefinition> = E['body'] extends z.ZodType
  ? z.output<E['body']>
  : undefined;
/** What a service holds after `validateQuery`. */
export type ParsedQuery<E extends EndpointDefinition> = E['query'] extends z.ZodType
  ? z.output<E['query']>
  : undefined;
export type ResponseStatus<E extends EndpointDefinition> = keyof E['responses'] & number;
export type ResponseBody<E extends EndpointDefinition, S extends ResponseStatus<E>> = z.output<
  E['responses'][S]
>;
export type SuccessStatus<E extends EndpointDefinition> = Extract<ResponseStatus<E>, 200 | 201 | 202>;
export type SuccessBody<E extends EndpointDefinition> = ResponseBody<E, SuccessStatus<E>>;
export type ParsedResponse<E extends EndpointDefinition> = {
  [S in ResponseStatus<E>]: { status: S; body: ResponseBody<E, S> };
}[ResponseStatus<E>];

/**
 * One human sentence for the `error` field. Messages written for people (the spec's validation
 * texts) end with a full stop and are passed through; zod's own terse defaults never do, so they
 * are prefixed with the field path to stay understandable on their own.
 */
function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  if (issue.message.endsWith('.') || path === '') return issue.message;
  return `${path}: ${issue.message}`;
}

export function toErrorBody(error: z.ZodError, code = 'BAD_REQUEST'): ErrorBody {
  const [first] = error.issues;
  return {
    error: first ? describeIssue(first) : 'Invalid request.',
    code,
    details: error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  };
}

export type BodyValidation<E extends EndpointDefinition> =
  | { ok: true; value: ParsedBody<E> }
  | { ok: false; error: ErrorBody };

/** Server side: check a request body against the endpoint, ready to answer 400 with the error. */
export function validateBody<E extends EndpointDefinition>(endpoint: E, input: unknown): BodyValidation<E> {
  if (!endpoint.body) return { ok: true, value: undefined as ParsedBody<E> };
  const unstorable = findUnstorableText(input);
  if (unstorable) {
    const path = unstorable.join('.');
    const message = `${path || 'body'}: ${UNSTORABLE_TEXT_MESSAGE}`;
    return { ok: false, error: { error: message, code: 'BAD_REQUEST', details: [{ path, message }] } };
  }
  const result = endpoint.body.safeParse(input);
  if (result.success) return { ok: true, value: result.data as ParsedBody<E> };
  return { ok: false, error: toErrorBody(result.error) };
}

export type QueryValidation<E extends EndpointDefinition> =
  | { ok: true; value: ParsedQuery<E> }
  | { ok: false; error: ErrorBody };

/** Server side: check a request's query parameters against the endpoint. */
export function validateQuery<E extends EndpointDefinition>(endpoint: E, input: unknown): QueryValidation<E> {
  if (!endpoint.query) return { ok: true, value: undefined as ParsedQuery<E> };
  const result = endpoint.query.safeParse(input);
  if (result.success) return { ok: true, value: result.data as ParsedQuery<E> };
  return { ok: false, error: toErrorBody(result.error) };
}

export class ContractViolationError extends Error {
  override readonly name = 'ContractViolationError';
  constructor(
    message: string,
    readonly status: number,
    readonly issues: readonly z.core.$ZodIssue[] = [],
  ) {
    super(message);
  }
}

/** Client side: type a response by its status, refusing statuses and bodies the contract does not name. */
export function parseResponse<E extends EndpointDefinition>(
  endpoint: E,
  status: number,
  body: unknown,
): ParsedResponse<E> {
  const schema = endpoint.responses[status];
  const where = `${endpoint.method} ${endpoint.path}`;
  if (!schema) throw new ContractViolationError(`${where} has no response for status ${status}`, status);
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new ContractViolationError(
      `${where} answered ${status} with an unexpected body: ${describeIssue(result.error.issues[0]!)}`,
      status,
      result.error.issues,
    );
  }
  return { status, body: result.data } as ParsedResponse<E>;
}
