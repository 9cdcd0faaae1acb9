import { writeFile } from 'node:fs/promises';
import { defineEndpoint, errorBodySchema, MAX_JSON_DEPTH } from '@risk-profile/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { silentLogger } from '../logging/logger';
import { capturingLogger } from '../testing/capturing-logger';
import { httpError } from './http-errors';
import { type Running, serve } from './serve';
import { createServiceApp, NotReadyError } from './service-app';
import { parseBody } from './validate';

const bodySchema = z.object({
  name: z.string().min(1, 'Please enter your name to continue.'),
  age: z.number(),
});

const thingsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/things',
  service: 'assessment',
  access: 'public',
  summary: 'A test endpoint.',
  body: bodySchema,
  responses: { 201: bodySchema, 400: errorBodySchema },
});

function app(ready = true) {
  return createServiceApp({
    name: 'test',
    logger: silentLogger(),
    bodyLimit: '1kb',
    ready: async () => ready,
    routes: (a) => {
      a.post('/things', (req, res) => {
        const body = parseBody(thingsEndpoint, req.body);
        res.status(201).json(body);
      });
      a.get('/conflict', () => {
        throw httpError.conflict('Already there.');
      });
      a.get('/boom', () => {
        throw new Error('secret internal detail');
      });
      // A full disk as each store reports it: Node's fs (ENOSPC, from writing to /dev/full),
      // PostgreSQL (SQLSTATE 53100), and either wrapped by a library as the cause of its own error.
      a.get('/full/fs', async () => {
        await writeFile('/dev/full', 'x');
      });
      a.get('/full/postgres', () => {
        throw Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), {
          code: '53100',
          severity: 'ERROR',
        });
      });
      a.get('/full/wrapped', async () => {
        const cause = await writeFile('/dev/full', 'x').catch((error: unknown) => error);
        throw new Error('append failed', { cause });
      });
      a.get('/async-boom', async () => {
        await Promise.resolve();
        throw new TypeError('another internal detail');
      });
    },
  });
}

describe('HTTP kit', () => {
  let running: Running;
  let url: string;
  beforeAll(async () => {
    running = await serve(app(), { port: 0, host: '127.0.0.1', logger: silentLogger() });
    url = `http://127.0.0.1:${running.port}`;
  });
  afterAll(() => running.stop());

  const post = (body: string, type = 'application/json') =>
    fetch(`${url}/things`, { method: 'POST', headers: { 'content-type': type }, body });

  it('accepts a valid body', async () => {
    const res = await post(JSON.stringify({ name: 'Jo', age: 40 }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ name: 'Jo', age: 40 });
  });

  it('answers no-store, without an ETag that no client could use', async () => {
    for (const res of [await post(JSON.stringify({ name: 'Jo', age: 40 })), await fetch(`${url}/healthz`)]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('etag')).toBeNull();
    }
  });

  it.each([
    ['malformed JSON', '{"name":', 'application/json', 400, 'Malformed JSON body'],
    [
      'too large',
      JSON.stringify({ name: 'x'.repeat(2000), age: 1 }),
      'application/json',
      413,
      'Request body too large',
    ],
    ['not JSON', 'name=Jo', 'text/plain', 415, 'Content-Type must be application/json'],
    [
      'a product rule',
      JSON.stringify({ name: '', age: 1 }),
      'application/json',
      400,
      'Please enter your name to continue.',
    ],
    [
      'a missing field',
      JSON.stringify({ name: 'Jo' }),
      'application/json',
      400,
      'age: Invalid input: expected number, received undefined',
    ],
  ])('answers %s with a JSON error', async (_case, body, type, status, message) => {
    const res = await post(body, type);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await res.json()) as { error: string }).error).toBe(message);
  });

  /** `{ name, age, nested }` whose `nested` makes the body `depth` arrays and objects deep. */
  const nestedBody = (depth: number) =>
    `{"name":"Jo","age":40,"nested":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

  it('refuses JSON nested deeper than MAX_JSON_DEPTH with 400, and accepts it that deep', async () => {
    expect((await post(nestedBody(MAX_JSON_DEPTH))).status).toBe(201);
    const res = await post(nestedBody(MAX_JSON_DEPTH + 1));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
      code: 'BAD_REQUEST',
    });
  });

  it('maps typed errors to their status and code', async () => {
    const res = await fetch(`${url}/conflict`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'Already there.', code: 'CONFLICT' });
  });

  it.each(['/boom', '/async-boom'])(
    'answers an unexpected error on %s with a 500 that leaks nothing',
    async (path) => {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
      expect(text).not.toMatch(/detail|at |\.ts/);
    },
  );

  it.each(['/full/fs', '/full/postgres', '/full/wrapped'])(
    'answers a full disk on %s with 503 and Retry-After, and keeps serving',
    async (path) => {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('60');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({
        error: 'The service cannot store anything right now (its disk is full). Please try again later.',
        code: 'STORAGE_FULL',
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    },
  );

  it('answers an unknown route with a JSON 404', async () => {
    const res = await fetch(`${url}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found: GET /nope', code: 'NOT_FOUND' });
  });

  it('gives every response a request id and keeps a well-formed incoming one', async () => {
    const generated = await fetch(`${url}/healthz`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'edge-42' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-42');
    const refused = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(refused.headers.get('x-request-id')).not.toBe('bad id <script>');
  });

  it('reports health and readiness', async () => {
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok', service: 'test' });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const notReady = await serve(app(false), { port: 0, host: '127.0.0.1', logger: silentLogger() });
    try {
      const res = await fetch(`http://127.0.0.1:${notReady.port}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'not ready', service: 'test' });
    } finally {
      await notReady.stop();
    }
  });
});

describe('readiness while the stores start, and after', () => {
  it('logs the start-up wait at info and a lost dependency once as a warning, never a failed request', async () => {
    const { logger, text } = capturingLogger();
    let answer: () => Promise<boolean> = async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
    };
    const running = await serve(
      createServiceApp({ name: 'waiting', logger, ready: () => answer(), routes: () => {} }),
      { port: 0, host: '127.0.0.1', logger: silentLogger() },
    );
    const probe = async () => (await fetch(`http://127.0.0.1:${running.port}/readyz`)).status;
    const entries = () =>
      text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string });
    const INFO = 30;
    const WARN = 40;
    try {
      expect(await probe()).toBe(503);
      expect(await probe()).toBe(503);
      answer = async () => true;
      expect(await probe()).toBe(200);
      answer = async () => false;
      expect(await probe()).toBe(503);
      expect(await probe()).toBe(503);
      const said = entries()
        .filter((entry) => entry.level >= INFO)
        .map((entry) => [entry.level, entry.msg, entry.reason]);
      expect(said).toEqual([
        [INFO, 'not ready yet: waiting for its dependencies', 'connect ECONNREFUSED 10.0.0.5:5432'],
        [INFO, 'ready: its dependencies answer', undefined],
        [WARN, 'not ready: a dependency does not answer', undefined],
      ]);
    } finally {
      await running.stop();
    }
  });
});

describe('graceful stop', () => {
  it('lets an in-flight request finish, refuses new connections, then runs cleanups in reverse', async () => {
    const order: string[] = [];
    let release!: () => void;
    const slow = createServiceApp({
      name: 'slow',
      logger: silentLogger(),
      routes: (a) => {
        a.get('/slow', async (_req, res) => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          res.json({ done: true });
        });
      },
    });
    const running = await serve(slow, {
      port: 0,
      host: '127.0.0.1',
      logger: silentLogger(),
      cleanups: [async () => void order.push('database'), async () => void order.push('consumers')],
    });
    const url = `http://127.0.0.1:${running.port}`;
    const inFlight = fetch(`${url}/slow`);
    await new Promise((r) => setTimeout(r, 50));
    const stopped = running.stop();
    await new Promise((r) => setTimeout(r, 50));
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    release();
    const res = await inFlight;
    expect(await res.json()).toEqual({ done: true });
    await stopped;
    expect(order).toEqual(['consumers', 'database']);
  });
});

describe('what readiness says', () => {
  it("answers a NotReadyError's words as the reason, and never another error's", async () => {
    let answer: () => Promise<boolean> = async () => {
      throw new NotReadyError(
        'waiting for the consumer group "records" to give this instance its partitions',
      );
    };
    const running = await serve(
      createServiceApp({ name: 'said', logger: silentLogger(), ready: () => answer(), routes: () => {} }),
      { port: 0, host: '127.0.0.1', logger: silentLogger() },
    );
    const probe = async () => {
      const res = await fetch(`http://127.0.0.1:${running.port}/readyz`);
      return { status: res.status, body: await res.json() };
    };
    try {
      expect(await probe()).toEqual({
        status: 503,
        body: {
          status: 'not ready',
          service: 'said',
          reason: 'waiting for the consumer group "records" to give this instance its partitions',
        },
      });
      answer = async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
      };
      expect(await probe()).toEqual({ status: 503, body: { status: 'not ready', service: 'said' } });
    } finally {
      await running.stop();
    }
  });
});
