import { buildPath, ENDPOINTS } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { ROUTES, serviceFor } from './routing';

describe('gateway routing table', () => {
  it.each(Object.entries(ENDPOINTS))('routes %s to the service its contract names', (_name, endpoint) => {
    const path = endpoint.path.replace(/:([A-Za-z]+)/g, 'x-param');
    expect(serviceFor(path)).toBe(endpoint.service);
  });

  it.each([
    ['/api/admin/analytics/summary', 'analytics'],
    ['/api/admin/login', 'adviser'],
    ['/api/assessments/abc/sign', 'assessment'],
  ])('gives %s to %s (longest prefix wins)', (path, service) => {
    expect(serviceFor(path)).toBe(service);
  });

  it.each(['/api/assessmentsx', '/api/unknown', '/api', '/assessments'])('owns no service for %s', (path) => {
    expect(serviceFor(path)).toBeUndefined();
  });

  it('has no prefix that no endpoint uses', () => {
    const paths = Object.values(ENDPOINTS).map((e) => e.path);
    for (const route of ROUTES) {
      expect(paths.some((p) => p === route.prefix || p.startsWith(`${route.prefix}/`))).toBe(true);
    }
  });

  it('fills path parameters safely', () => {
    expect(buildPath(ENDPOINTS.getAdviser, { slug: 'a/b' })).toBe('/api/advisers/a%2Fb');
  });
});
