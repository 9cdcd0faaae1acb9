import { buildPath, ENDPOINTS, type EndpointName, PLANNED_ENDPOINTS } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { routeFor, stripIdentityHeaders } from './routing';

describe('routing from the contracts', () => {
  it.each(Object.entries(ENDPOINTS))('sends %s to the service its contract names', (name, endpoint) => {
    const path = endpoint.path.replace(/:([A-Za-z]+)/g, 'x-param');
    const decision = routeFor(endpoint.method, path);
    expect(decision.kind).toBe(PLANNED_ENDPOINTS.has(name as EndpointName) ? 'planned' : 'live');
    if (decision.kind === 'none') throw new Error('unreachable');
    expect(decision.match.name).toBe(name);
    expect(decision.match.endpoint.service).toBe(endpoint.service);
  });

  it.each([
    ['GET', '/api/assessments'],
    ['GET', '/api/assessments/abc'],
    ['POST', '/api/advisers/demo-adviser'],
    ['GET', '/api/assessmentsx'],
    ['GET', '/api/unknown'],
    ['GET', '/api/advisers/%ff'],
  ])('routes no endpoint for %s %s', (method, path) => {
    expect(routeFor(method, path)).toEqual({ kind: 'none' });
  });

  it('answers HEAD as GET', () => {
    expect(routeFor('HEAD', '/api/advisers/demo-adviser').kind).toBe('live');
  });

  it('fills path parameters safely', () => {
    expect(buildPath(ENDPOINTS.getAdviser, { slug: 'a/b' })).toBe('/api/advisers/a%2Fb');
  });
});

describe('identity headers', () => {
  it('drops every header that would claim who the caller is, and keeps the rest', () => {
    const headers: Record<string, unknown> = {
      'x-user-id': '1',
      'x-user-role': 'admin',
      'x-authenticated-user': 'a',
      'x-auth-request-email': 'a@example.com',
      'x-session-user': 's',
      'x-forwarded-user': 'u',
      'x-remote-user': 'r',
      'remote-user': 'r',
      'x-request-id': 'keep',
      'x-forwarded-for': '192.0.2.1',
      'user-agent': 'keep',
      cookie: 'keep',
    };
    stripIdentityHeaders(headers);
    expect(Object.keys(headers).sort()).toEqual(['cookie', 'user-agent', 'x-forwarded-for', 'x-request-id']);
  });

  it("keeps the credentials of ClickHouse's HTTP interface, which the analytics service checks", () => {
    const headers: Record<string, unknown> = {
      authorization: 'Basic YTpi',
      'x-clickhouse-user': 'analyst@example.com',
      'x-clickhouse-key': 'secret',
      'x-clickhouse-format': 'JSON',
    };
    stripIdentityHeaders(headers);
    expect(Object.keys(headers).sort()).toEqual([
      'authorization',
      'x-clickhouse-format',
      'x-clickhouse-key',
      'x-clickhouse-user',
    ]);
  });
});
