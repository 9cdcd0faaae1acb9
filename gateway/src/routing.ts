import type { ServiceModule } from '@risk-profile/platform';

export type ServiceName = ServiceModule['name'];

/**
 * Which service owns which /api path prefix. Longest prefix wins, so /api/admin/analytics goes
 * to analytics while /api/admin/login goes to adviser. Every endpoint of contracts/src/http
 * falls under exactly one prefix (checked by routing.unit.spec.ts).
 */
export const ROUTES: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: '/api/assessments', service: 'assessment' },
  { prefix: '/api/advisers', service: 'adviser' },
  { prefix: '/api/auth', service: 'adviser' },
  { prefix: '/api/admin/login', service: 'adviser' },
  { prefix: '/api/admin/logout', service: 'adviser' },
  { prefix: '/api/admin/me', service: 'adviser' },
  { prefix: '/api/send-questionnaire-link', service: 'adviser' },
  { prefix: '/api/questionnaire-links', service: 'adviser' },
  { prefix: '/api/analytics', service: 'analytics' },
  { prefix: '/api/admin/analytics', service: 'analytics' },
  { prefix: '/api/admin/assessments', service: 'analytics' },
];

const byLength = [...ROUTES].sort((a, b) => b.prefix.length - a.prefix.length);

export function serviceFor(path: string): ServiceName | undefined {
  for (const route of byLength) {
    if (path === route.prefix || path.startsWith(`${route.prefix}/`)) return route.service;
  }
  return undefined;
}
