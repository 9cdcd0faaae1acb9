import { describe, expect, expectTypeOf, it } from 'vitest';
import type { QuestionEvent } from './analytics';
import type { DraftAssessment } from './assessments';
import type { User } from './auth';
import {
  errorBodySchema,
  type ParsedBody,
  type RequestBody,
  type ResponseStatus,
  type SuccessBody,
} from './endpoint';
import { ENDPOINTS, findEndpoint } from './index';
import { buildPath, ENDPOINT_ROUTES } from './routes';

describe('ENDPOINTS', () => {
  it.each([
    ['getCurrentUser', 'GET', '/api/auth/user', 'adviser'],
    ['login', 'POST', '/api/auth/login', 'adviser'],
    ['logout', 'POST', '/api/auth/logout', 'adviser'],
    ['adminLogin', 'POST', '/api/admin/login', 'adviser'],
    ['adminMe', 'GET', '/api/admin/me', 'adviser'],
    ['adminLogout', 'POST', '/api/admin/logout', 'adviser'],
    ['getAdviser', 'GET', '/api/advisers/:slug', 'adviser'],
    ['sendQuestionnaireLink', 'POST', '/api/send-questionnaire-link', 'adviser'],
    ['verifyQuestionnaireLink', 'POST', '/api/questionnaire-links/verify', 'adviser'],
    ['resolveShortLink', 'POST', '/api/questionnaire-links/resolve', 'adviser'],
    ['createAssessment', 'POST', '/api/assessments', 'assessment'],
    ['signAssessment', 'POST', '/api/assessments/:id/sign', 'assessment'],
    ['ingestQuestionEvents', 'POST', '/api/analytics/question', 'analytics'],
    ['analyticsSummary', 'GET', '/api/admin/analytics/summary', 'analytics'],
    ['questionDifficulty', 'GET', '/api/admin/analytics/question-difficulty', 'analytics'],
    ['dropOff', 'GET', '/api/admin/analytics/drop-off', 'analytics'],
    ['deviceStats', 'GET', '/api/admin/analytics/devices', 'analytics'],
    ['recentAssessments', 'GET', '/api/admin/assessments/recent', 'analytics'],
    ['analyticsAdvisers', 'GET', '/api/admin/analytics/advisers', 'analytics'],
    ['listAdminAdvisers', 'GET', '/api/admin/advisers', 'adviser'],
    ['createAdviser', 'POST', '/api/admin/advisers', 'adviser'],
    ['updateAdviser', 'PATCH', '/api/admin/advisers/:slug', 'adviser'],
    ['disableAccount', 'POST', '/api/admin/accounts/:id/disable', 'adviser'],
    ['setPassword', 'POST', '/api/auth/set-password', 'adviser'],
    ['oidcLogin', 'GET', '/api/auth/oidc/login', 'adviser'],
    ['oidcCallback', 'GET', '/api/auth/oidc/callback', 'adviser'],
  ] as const)('%s is %s %s on %s', (name, method, path, service) => {
    expect(ENDPOINTS[name]).toMatchObject({ method, path, service });
  });

  it('lists eighty-four endpoints, each method and path once', () => {
    const routes = Object.values(ENDPOINTS).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(routes).toHaveLength(84);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('has a route, with the same method and path, for every endpoint', () => {
    const routes = Object.fromEntries(
      Object.entries(ENDPOINTS).map(([name, { method, path }]) => [name, { method, path }]),
    );
    expect(ENDPOINT_ROUTES).toEqual(routes);
  });

  it('answers every error status with the shared error body', () => {
    for (const endpoint of Object.values(ENDPOINTS)) {
      for (const [status, schema] of Object.entries(endpoint.responses)) {
        if (Number(status) >= 400) expect(schema, `${endpoint.path} ${status}`).toBe(errorBodySchema);
      }
    }
  });

  it('keeps admin reads behind the admin role', () => {
    const adminReads = Object.values(ENDPOINTS).filter(
      (endpoint) => endpoint.method === 'GET' && endpoint.path.startsWith('/api/admin/'),
    );
    expect(adminReads.map((endpoint) => endpoint.access)).toEqual(Array(adminReads.length).fill('admin'));
  });
});

describe('findEndpoint', () => {
  it.each([
    ['GET', '/api/advisers/demo-adviser', 'getAdviser', { slug: 'demo-adviser' }],
    ['post', '/api/assessments', 'createAssessment', {}],
    [
      'POST',
      '/api/assessments/0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11/sign',
      'signAssessment',
      {
        id: '0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11',
      },
    ],
    ['GET', '/api/admin/analytics/drop-off', 'dropOff', {}],
    ['POST', '/api/admin/login', 'adminLogin', {}],
    ['patch', '/api/admin/advisers/jane-smith', 'updateAdviser', { slug: 'jane-smith' }],
  ])('%s %s is %s', (method, pathname, name, params) => {
    expect(findEndpoint(method, pathname)).toMatchObject({ name, params });
  });

  it.each([
    ['GET', '/api/assessments'],
    ['POST', '/api/advisers/demo-adviser'],
    ['GET', '/api/advisers'],
    ['GET', '/api/admin/analytics/summary/extra'],
    ['DELETE', '/api/auth/logout'],
    ['PATCH', '/api/admin/advisers'],
  ])('finds nothing for %s %s', (method, pathname) => {
    expect(findEndpoint(method, pathname)).toBeUndefined();
  });
});

describe('endpoint types', () => {
  it('types bodies, statuses and path parameters from the definitions', () => {
    expectTypeOf<ParsedBody<typeof ENDPOINTS.ingestQuestionEvents>>().toEqualTypeOf<QuestionEvent[]>();
    expectTypeOf<ParsedBody<typeof ENDPOINTS.createAssessment>>().toEqualTypeOf<DraftAssessment>();
    expectTypeOf<RequestBody<typeof ENDPOINTS.signAssessment>>()
      .toHaveProperty('confirmed')
      .toEqualTypeOf<true>();
    expectTypeOf<RequestBody<typeof ENDPOINTS.adminMe>>().toBeUndefined();
    expectTypeOf<SuccessBody<typeof ENDPOINTS.adminMe>>().toEqualTypeOf<User>();
    expectTypeOf<ResponseStatus<typeof ENDPOINTS.signAssessment>>().toEqualTypeOf<
      200 | 400 | 404 | 409 | 422 | 429
    >();
    expect(buildPath(ENDPOINTS.signAssessment, { id: 'a/b' })).toBe('/api/assessments/a%2Fb/sign');
    // @ts-expect-error the sign path needs its id
    expect(() => buildPath(ENDPOINTS.signAssessment)).toThrow('Missing path parameter "id"');
    // @ts-expect-error a parameter the path does not have
    expect(buildPath(ENDPOINTS.getAdviser, { slug: 'demo-adviser', extra: 1 })).toBe(
      '/api/advisers/demo-adviser',
    );
  });
});
