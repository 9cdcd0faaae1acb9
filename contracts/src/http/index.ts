import type { EndpointDefinition } from './endpoint';
import { ENDPOINTS, type EndpointName } from './endpoints';
import { matchPath } from './routes';

export * from './admin-accounts';
export * from './advisers';
export * from './analyst';
export * from './analytics';
export * from './assessments';
export * from './auth';
export * from './data-requests';
export * from './display-settings';
export * from './endpoint';
export * from './endpoints';
export * from './households';
export * from './limits';
export * from './message-delivery';
export * from './mfa';
export * from './oidc';
export * from './pages';
export * from './passkeys';
export * from './primitives';
export * from './questionnaire';
export * from './questionnaire-links';
export * from './record-lists';
export * from './records';
export * from './reserved-segments';
export * from './roles';
export * from './routes';
export * from './sign-in-pages';
export * from './storable-text';
export * from './webhooks';

/**
 * Endpoints whose contract is written but whose service does not serve them yet. The gateway
 * answers them with a JSON 404 ("not available yet"), and a test fails when an endpoint is
 * neither served by its service nor listed here, or listed here and served: the list says
 * exactly which endpoints are live.
 */
export const PLANNED_ENDPOINTS: ReadonlySet<EndpointName> = new Set<EndpointName>([
  // Households (issue 45), served as their slices land.
]);

export interface EndpointMatch {
  name: EndpointName;
  endpoint: EndpointDefinition;
  params: Record<string, string>;
}

/** The endpoint a request is for, by method and path (without query string), or undefined. */
export function findEndpoint(method: string, pathname: string): EndpointMatch | undefined {
  // HEAD is answered as GET by every server here.
  const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [EndpointName, EndpointDefinition][]) {
    if (endpoint.method !== wanted) continue;
    const params = matchPath(endpoint.path, pathname);
    if (params) return { name, endpoint, params };
  }
  return undefined;
}
