import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ContractViolationError,
  defineEndpoint,
  errorBodySchema,
  parseResponse,
  toErrorBody,
  validateBody,
} from './endpoint';
import { buildPath, matchPath } from './routes';

const signLike = defineEndpoint({
  method: 'POST',
  path: '/api/things/:id/parts/:part',
  service: 'assessment',
  access: 'public',
  summary: 'test endpoint',
  body: z.object({ name: z.string().trim().min(1, 'Please enter a name.'), count: z.int().default(1) }),
  responses: { 200: z.object({ ok: z.literal(true) }), 404: errorBodySchema },
});

const noParams = defineEndpoint({
  method: 'GET',
  path: '/api/things',
  service: 'analytics',
  access: 'admin',
  summary: 'test endpoint',
  responses: { 200: z.array(z.string()) },
});

describe('buildPath', () => {
  it.each([
    [{ id: 'abc', part: 'x' }, '/api/things/abc/parts/x'],
    [{ id: 42, part: 0 }, '/api/things/42/parts/0'],
    [{ id: '../admin', part: 'a b' }, '/api/things/..%2Fadmin/parts/a%20b'],
    [{ id: 'a?b#c', part: '%' }, '/api/things/a%3Fb%23c/parts/%25'],
  ])('fills %j into %s', (params, expected) => {
    expect(buildPath(signLike, params)).toBe(expected);
  });

  it('returns a path without parameters unchanged', () => {
    expect(buildPath(noParams)).toBe('/api/things');
  });

  it('refuses a missing parameter at run time', () => {
    expect(() => buildPath(signLike, { id: 'a' } as never)).toThrow('Missing path parameter "part"');
  });
});

describe('matchPath', () => {
  it.each([
    ['/api/things/abc/parts/x', { id: 'abc', part: 'x' }],
    ['/api/things/..%2Fadmin/parts/a%20b', { id: '../admin', part: 'a b' }],
    ['/api/things/abc/parts', null],
    ['/api/things/abc/parts/x/y', null],
    ['/api/things//parts/x', null],
    ['/api/other/abc/parts/x', null],
    ['/api/things/%E0%A4%A/parts/x', null],
  ])('matches %s as %j', (pathname, expected) => {
    expect(matchPath(signLike.path, pathname)).toEqual(expected);
  });

  it('round-trips with buildPath', () => {
    const params = { id: 'ä/€ ?', part: 'p' };
    expect(matchPath(signLike.path, buildPath(signLike, params))).toEqual(params);
  });
});

describe('validateBody', () => {
  it('returns the parsed value with defaults and trimming applied', () => {
    expect(validateBody(signLike, { name: '  Ann ' })).toEqual({
      ok: true,
      value: { name: 'Ann', count: 1 },
    });
  });

  it.each([
    [{ name: ' ' }, 'Please enter a name.', [{ path: 'name', message: 'Please enter a name.' }]],
    [
      { name: 'Ann', count: 'x' },
      'count: Invalid input: expected number, received string',
      [{ path: 'count', message: 'Invalid input: expected number, received string' }],
    ],
    [null, 'Invalid input: expected object, received null', [{ path: '', message: expect.any(String) }]],
  ])('answers %j with a 400 error body', (input, error, details) => {
    expect(validateBody(signLike, input)).toEqual({
      ok: false,
      error: { error, code: 'BAD_REQUEST', details },
    });
  });

  it('accepts anything for an endpoint without a body', () => {
    expect(validateBody(noParams, { anything: true })).toEqual({ ok: true, value: undefined });
  });
});

describe('toErrorBody', () => {
  it('keeps every issue in details and uses the given code', () => {
    const result = z.object({ a: z.string(), b: z.string() }).safeParse({});
    expect(result.success).toBe(false);
    const body = toErrorBody(result.error!, 'bad_input');
    expect(body.code).toBe('bad_input');
    expect(body.details?.map((detail) => detail.path)).toEqual(['a', 'b']);
    expect(errorBodySchema.parse(body)).toEqual(body);
  });
});

describe('parseResponse', () => {
  it('types the body by status', () => {
    expect(parseResponse(signLike, 200, { ok: true })).toEqual({ status: 200, body: { ok: true } });
    expect(parseResponse(signLike, 404, { error: 'Not found' })).toEqual({
      status: 404,
      body: { error: 'Not found' },
    });
  });

  it.each([
    [500, { error: 'boom' }, 'has no response for status 500'],
    [200, { ok: false }, 'answered 200 with an unexpected body'],
    [404, { message: 'no error field' }, 'answered 404 with an unexpected body'],
  ])('refuses status %i with %j', (status, body, message) => {
    expect(() => parseResponse(signLike, status, body)).toThrow(ContractViolationError);
    expect(() => parseResponse(signLike, status, body)).toThrow(message);
  });
});

describe('validateBody refuses text a database cannot store', () => {
  const endpoint = defineEndpoint({
    method: 'POST',
    path: '/api/test-text',
    service: 'assessment',
    access: 'public',
    summary: 'test',
    body: z.object({ name: z.string(), notes: z.array(z.object({ text: z.string() })) }),
    responses: { 200: z.object({}) },
  });

  it.each([
    ['a NUL character', { name: 'Jo\u0000', notes: [] }, 'name'],
    ['a lone high surrogate', { name: 'Jo', notes: [{ text: 'a\uD800b' }] }, 'notes.0.text'],
    ['a lone low surrogate', { name: '\uDC00', notes: [] }, 'name'],
    ['a NUL in a key', { name: 'Jo', notes: [], ['x\u0000']: 1 }, 'x\u0000'],
  ])('with %s, naming the field', (_, body, path) => {
    const result = validateBody(endpoint, body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.error).toBe(`${path}: must not contain a NUL character or invalid Unicode`);
    expect(result.error.code).toBe('BAD_REQUEST');
    expect(result.error.details?.[0]?.path).toBe(path);
  });

  it('accepts emoji and other characters made of surrogate pairs', () => {
    expect(validateBody(endpoint, { name: 'Zoë 😀 李', notes: [{ text: '𝄞' }] }).ok).toBe(true);
  });
});
