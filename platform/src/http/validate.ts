import {
  type EndpointDefinition,
  type ParsedBody,
  type ParsedQuery,
  validateBody,
  validateQuery,
} from '@risk-profile/contracts';
import { HttpError } from './http-errors';

/**
 * The one request-validation path: the body of a request checked against its endpoint's contract
 * (`validateBody`, which the front end's forms share), refused as 400 `BAD_REQUEST` with the
 * first issue as the message (the contracts carry the product's exact wording) and every issue
 * in `details`.
 */
export function parseBody<E extends EndpointDefinition>(endpoint: E, input: unknown): ParsedBody<E> {
  const result = validateBody(endpoint, input ?? {});
  if (result.ok) return result.value;
  throw new HttpError(400, result.error.error, result.error.code ?? 'BAD_REQUEST', result.error.details);
}

/** The same for a request's query parameters (`endpoint.query`). */
export function parseQuery<E extends EndpointDefinition>(endpoint: E, input: unknown): ParsedQuery<E> {
  const result = validateQuery(endpoint, input ?? {});
  if (result.ok) return result.value;
  throw new HttpError(400, result.error.error, result.error.code ?? 'BAD_REQUEST', result.error.details);
}
