import { type EndpointMatch, findEndpoint, PLANNED_ENDPOINTS } from '@risk-profile/contracts';
import type { ServiceModule } from '@risk-profile/platform';

export type ServiceName = ServiceModule['name'];

export type RouteDecision =
  /** A live endpoint: the service its contract names serves it, at the contract's access level. */
  | { kind: 'live'; match: EndpointMatch }
  /** A contract whose service does not serve it yet. */
  | { kind: 'planned'; match: EndpointMatch }
  /** Not an endpoint of any contract (or a path that cannot be decoded). */
  | { kind: 'none' };

/**
 * Where an /api request goes, straight from the HTTP contracts (`ENDPOINTS`: method, path,
 * service, access): there is no second routing table to fall out of step with them.
 */
export function routeFor(method: string, path: string): RouteDecision {
  const match = findEndpoint(method, path);
  if (!match) return { kind: 'none' };
  return PLANNED_ENDPOINTS.has(match.name) ? { kind: 'planned', match } : { kind: 'live', match };
}

/**
 * Headers that would claim an identity. Nothing behind the gateway reads them (every service
 * verifies the session cookie itself), and the gateway drops them so no component ever could.
 */
const IDENTITY_HEADER =
  /^(x-(user|auth|session|remote-user|forwarded-user|authenticated)[a-z-]*|remote-user)$/i;

export function stripIdentityHeaders(headers: Record<string, unknown>): void {
  for (const name of Object.keys(headers)) if (IDENTITY_HEADER.test(name)) delete headers[name];
}
