import { type EndpointDefinition, type ParsedBody, validateBody } from '@risk-profile/contracts';
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
