import {
  ENDPOINTS,
  type EndpointDefinition,
  type EndpointName,
  parseResponse,
} from '@risk-profile/contracts';

/**
 * Checks a successful answer against its endpoint's contract. The API client imports this module
 * only when such an answer arrives, because it brings every response schema and zod with it,
 * neither of which the first screen needs.
 */
export function parseSuccessBody(name: EndpointName, status: number, body: unknown): unknown {
  // Widened to one endpoint shape: the caller knows which body type the name stands for.
  return parseResponse<EndpointDefinition>(ENDPOINTS[name], status, body).body;
}
