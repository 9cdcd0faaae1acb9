import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import contractsPackage from '../../package.json' with { type: 'json' };
import type { EndpointDefinition } from './endpoint';
import { ENDPOINTS } from './index';
import { buildOpenApiDocument, DOCUMENTED_REQUEST_BODIES, openApiPath } from './openapi';

const document = buildOpenApiDocument();
const endpoints = Object.entries(ENDPOINTS) as [string, EndpointDefinition][];
type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
const operationOf = (endpoint: EndpointDefinition): Operation | undefined =>
  (document.paths?.[openApiPath(endpoint.path)] as Record<string, Operation> | undefined)?.[
    endpoint.method.toLowerCase()
  ];

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('names the API and the contracts version', () => {
    expect(document.info).toMatchObject({ title: 'Risk Profile API', version: contractsPackage.version });
    expect(document.servers).toEqual([{ url: '/' }]);
  });

  it.each(endpoints)(
    'has %s at its method and path, with every status its contract declares',
    (name, endpoint) => {
      const operation = operationOf(endpoint);
      expect(operation?.operationId).toBe(name);
      const documented = Object.keys(operation?.responses ?? {}).filter((status) => status !== 'default');
      expect(documented.sort()).toEqual(Object.keys(endpoint.responses).sort());
    },
  );

  it('documents no operation that ENDPOINTS does not have', () => {
    const operations = Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, Operation>).map((operation) => operation.operationId),
    );
    expect(operations.sort()).toEqual(endpoints.map(([name]) => name).sort());
  });

  it.each(endpoints)('%s documents its body, path parameters and query', (_name, endpoint) => {
    const operation = operationOf(endpoint)!;
    expect(operation.requestBody !== undefined).toBe(endpoint.body !== undefined);
    const pathNames = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
    const parameters = operation.parameters ?? [];
    expect(parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.required])).toEqual(
      pathNames.map((n) => [n, true]),
    );
    expect(parameters.some((p) => p.in === 'query')).toBe(endpoint.query !== undefined);
  });

  it('asks for the session cookie exactly where the contract needs a session', () => {
    for (const [name, endpoint] of endpoints) {
      expect([name, operationOf(endpoint)?.security]).toEqual([
        name,
        endpoint.access === 'public' ? undefined : [{ sessionCookie: [] }],
      ]);
    }
    expect(document.components?.securitySchemes?.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
    });
  });

  it('describes every error answer as the shared error body', () => {
    for (const [, endpoint] of endpoints) {
      for (const [status, response] of Object.entries(operationOf(endpoint)!.responses)) {
        if (status === 'default' || Number(status) >= 400) {
          expect(response.content?.['application/json']).toEqual({
            schema: { $ref: '#/components/schemas/ErrorBody' },
          });
        }
      }
    }
    expect(document.components?.schemas?.ErrorBody).toMatchObject({ required: ['error'] });
  });

  it('describes the analytics stream as server-sent events', () => {
    const ok = operationOf(ENDPOINTS.analyticsStream)!.responses['200']!;
    expect(Object.keys(ok.content ?? {})).toEqual(['text/event-stream']);
  });

  it('gives the adviser lookup the fields the service returns, and no email', () => {
    const adviser = document.components?.schemas?.Adviser as { required: string[]; properties: object };
    expect(adviser.required).toEqual(['slug', 'companyName', 'adviserName']);
    expect(Object.keys(adviser.properties)).not.toContain('email');
  });

  it('describes each answer with all five scores, not just the first', () => {
    const body = operationOf(ENDPOINTS.createAssessment)!.requestBody!.content['application/json'] as {
      schema: { properties: { responses: { properties: Record<string, unknown> } } };
    };
    expect(body.schema.properties.responses.properties.q1).toEqual({ type: 'number', enum: [1, 2, 3, 4, 5] });
  });

  it('describes the ingest body as the two shapes its transform accepts', () => {
    const event = {
      sessionId: 's',
      questionId: 'q1',
      questionViewedAt: '2026-01-01T00:00:00.000Z',
      questionAnsweredAt: null,
      timeSpent: 0,
      answerChanges: 0,
      finalAnswer: null,
      deviceType: 'desktop',
    };
    const documented = DOCUMENTED_REQUEST_BODIES.ingestQuestionEvents!;
    for (const body of [
      event,
      { events: [event] },
      { events: [] },
      { ...event, questionId: 'q19' },
      {},
      [],
    ]) {
      expect([body, documented.safeParse(body).success]).toEqual([
        body,
        ENDPOINTS.ingestQuestionEvents.body.safeParse(body).success,
      ]);
    }
  });
});
