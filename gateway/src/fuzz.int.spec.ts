import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changedBody, yesBody } from '@risk-profile/assessment/testing';
import {
  ENDPOINTS,
  type EndpointDefinition,
  type EndpointName,
  MAX_JSON_DEPTH,
  questionEventIngestBodySchema,
  questionEventTimesOutside,
  validateBody,
} from '@risk-profile/contracts';
import { silentLogger } from '@risk-profile/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded/start-embedded';

/*
 * Fuzz: generated malformed requests of the kinds a hostile client sends (deep nesting, huge
 * numbers, wrong types, NUL and lone surrogates, unknown and prototype keys, oversize bodies,
 * broken JSON, wrong content types and encodings, impossible times, numbers that are no mobile,
 * undecodable and oversized paths and queries) to every endpoint of the contracts, through the
 * gateway of the embedded product with sessions of every role. Every answer must be a 4xx with a
 * JSON error (never a 5xx, never a hang), and no row of any table may be added or removed.
 */

interface Probe {
  name: EndpointName;
  kind: string;
  method: string;
  path: string;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** A HEAD or a well-formed GET whose success is legitimate: only "no 5xx" is asserted. */
  mayPass?: boolean;
}

const VALID_SLUG = 'demo-adviser';
const DEEP = 10_000;
const HUGE_NUMBERS = ['1e400', '-1e400', '1e308', '123456789012345678901234567890', '-0', '9007199254740993'];
const WRONG_VALUES: unknown[] = [
  null,
  true,
  -1,
  1.5,
  '',
  ' ',
  'x'.repeat(6_000),
  [],
  [1, 2],
  {},
  { nested: { deeper: 'x' } },
  '\u0000',
  'a\uD800b',
  '\uDC00',
  '<script>alert(1)</script>',
  "'; DROP TABLE bus_messages; --",
];
const BAD_TIMES = [
  '9999-12-31T23:59:59.999Z',
  '0001-01-01T00:00:00.000Z',
  '2026-13-45T25:61:61.000Z',
  'yesterday',
  '1970-01-01T00:00:00Z',
  '',
];
const BAD_PHONES = [
  '000',
  '1',
  '1900 123 456',
  '02 9876 5432',
  '0312 345 678',
  '+61 412 345 678',
  '0412 345 6789',
  '٠٤١٢٣٤٥٦٧٨',
  '04123456789012345',
];
const BAD_JSON = [
  '{',
  '{"a":}',
  'nul',
  "{'a':1}",
  '[1,]',
  '{"a":1}}',
  '\uFEFF{}',
  '{"a":"\\x00"}',
  '{"a":"\\ud800"',
];
const WRONG_TYPES: [string, string][] = [
  ['text/plain', '{"a":1}'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  ['application/xml', '<a>1</a>'],
  ['application/json; charset=latin1', '{"a":1}'],
  ['application/json; charset=utf-7', '{"a":1}'],
  ['application/json; charset=utf-16', '{"a":1}'],
];

/** A well-formed body of each endpoint that takes one, to mutate field by field. */
function baseBodies(now: Date): Partial<Record<EndpointName, Record<string, unknown>>> {
  const event = {
    sessionId: 'fuzz-session',
    questionId: 'q1',
    questionViewedAt: new Date(now.getTime() - 5_000).toISOString(),
    questionAnsweredAt: now.toISOString(),
    timeSpent: 5_000,
    answerChanges: 0,
    finalAnswer: 3,
    deviceType: 'mobile',
  };
  return {
    login: { email: 'adviser@example.com', password: 'adviser-demo-2026' },
    adminLogin: { email: 'admin@example.com', password: 'admin-demo-2026' },
    sendQuestionnaireLink: {
      clientName: 'Jo Client',
      clientEmail: 'jo@example.com',
      clientPhone: '0412 345 678',
      method: 'sms',
    },
    verifyQuestionnaireLink: { token: 'abc.def' },
    resolveShortLink: { code: 'Zz9Zz9Zz9Z' },
    createAssessment: { ...changedBody(), clientEmail: 'jo@example.com' } as Record<string, unknown>,
    signAssessment: { investmentExclusions: '', investmentPreferences: '', confirmed: true },
    ingestQuestionEvents: { events: [event] },
  };
}

/** JSON text of `body` with `field` set to a raw JSON literal (numbers JSON.stringify cannot write). */
function withRaw(body: Record<string, unknown>, field: string, raw: string): string {
  return JSON.stringify({ ...body, [field]: '\u0001RAW\u0001' }).replace('"\\u0001RAW\\u0001"', raw);
}

function* bodiesFor(
  name: EndpointName,
  base: Record<string, unknown> | undefined,
): Generator<[string, string]> {
  const body = base ?? { anything: 'x' };
  const nested = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
  yield ['deep nesting at the root', nested];
  yield ['deep objects at the root', `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`];
  yield [
    'one level too deep',
    withRaw(body, 'extra', `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`),
  ];
  for (const field of Object.keys(body)) {
    yield [`deep nesting in ${field}`, withRaw(body, field, nested)];
    for (const huge of HUGE_NUMBERS) yield [`huge number in ${field}`, withRaw(body, field, huge)];
    for (const value of WRONG_VALUES)
      yield [`wrong value in ${field}`, JSON.stringify({ ...body, [field]: value })];
    const { [field]: _dropped, ...without } = body;
    yield [`missing ${field}`, JSON.stringify(without)];
  }
  for (const key of ['\u0000', 'a\uD800', '__proto__', 'constructor', 'prototype']) {
    yield ['odd key', JSON.stringify({ ...body, [key]: { admin: true } })];
  }
  yield ['prototype pollution', `{"__proto__":{"isAdmin":true},${JSON.stringify(body).slice(1)}`];
  const manyKeys = Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`k${i}`, i]));
  yield ['thousands of unknown keys', JSON.stringify({ ...manyKeys, junk: true })];
  yield ['oversize', JSON.stringify({ ...body, padding: 'x'.repeat(300_000) })];
  for (const text of BAD_JSON) yield ['bad JSON', text];
  for (const text of ['null', '1', '"text"', 'true', '[]', '[{}]', '{}']) yield ['not an object', text];
  if (name === 'createAssessment' || name === 'sendQuestionnaireLink') {
    for (const phone of BAD_PHONES) yield ['bad phone', JSON.stringify({ ...body, clientPhone: phone })];
  }
  if (name === 'ingestQuestionEvents') {
    const [event] = (body as { events: Record<string, unknown>[] }).events;
    for (const field of Object.keys(event!)) {
      for (const value of WRONG_VALUES) {
        yield [
          `wrong value in events.0.${field}`,
          JSON.stringify({ events: [{ ...event, [field]: value }] }),
        ];
      }
    }
    for (const time of BAD_TIMES) {
      for (const field of ['questionViewedAt', 'questionAnsweredAt']) {
        yield ['bad time', JSON.stringify({ events: [{ ...event, [field]: time }] })];
        yield ['bad time, single event', JSON.stringify({ ...event, [field]: time })];
      }
    }
    yield [
      'an answer before its view',
      JSON.stringify({ events: [{ ...event, questionAnsweredAt: '2000-01-01T00:00:00.000Z' }] }),
    ];
    yield ['a batch over the limit', JSON.stringify({ events: Array.from({ length: 101 }, () => event) })];
  }
}

/** Whether the contract (and, for question events, the server's time window) refuses the text. */
function refused(endpoint: EndpointDefinition, text: string, now: Date): boolean {
  let value: unknown;
  try {
    // As the server reads it: a leading byte order mark is ignored (RFC 8259 allows it).
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return true;
  }
  const validation = validateBody(endpoint, value);
  if (!validation.ok) return true;
  if (endpoint !== ENDPOINTS.ingestQuestionEvents) return false;
  const events = questionEventIngestBodySchema.parse(value);
  return (
    questionEventTimesOutside(events, now, typeof value === 'object' && value !== null && 'events' in value)
      .length > 0
  );
}

function probesFor(name: EndpointName, endpoint: EndpointDefinition, draftId: string, now: Date): Probe[] {
  const path = endpoint.path.replace(':slug', VALID_SLUG).replace(':id', draftId);
  const probes: Probe[] = [];
  if (endpoint.method !== 'GET') {
    const { method } = endpoint;
    const base = baseBodies(now)[name];
    for (const [kind, text] of bodiesFor(name, base)) {
      // Only malformed bodies: a generated body that the contract takes is no probe (an oversize
      // or too deeply nested one always is). An endpoint without a body ignores any JSON it is sent.
      const malformed = kind === 'oversize' || kind.includes('deep') || refused(endpoint, text, now);
      if (endpoint.body && !malformed) continue;
      probes.push({
        name,
        kind,
        method,
        path,
        body: text,
        contentType: 'application/json',
        mayPass: !endpoint.body,
      });
    }
    for (const [contentType, text] of WRONG_TYPES) {
      probes.push({
        name,
        kind: `content type ${contentType}`,
        method,
        path,
        body: text,
        contentType,
        mayPass: !endpoint.body,
      });
    }
    probes.push({
      name,
      kind: 'corrupt gzip',
      method,
      path,
      body: 'not gzip',
      contentType: 'application/json',
      headers: { 'content-encoding': 'gzip' },
    });
    probes.push({
      name,
      kind: 'unknown encoding',
      method,
      path,
      body: '{}',
      contentType: 'application/json',
      headers: { 'content-encoding': 'br, zstd, x-unknown' },
    });
  } else if (endpoint.query) {
    // Each list's own checked parameter: the dashboard's period, the records' status, else the page size.
    const shape = (endpoint.query as { shape?: Record<string, unknown> }).shape ?? {};
    const param = 'period' in shape ? 'period' : 'status' in shape ? 'status' : 'limit';
    for (const value of ['1y', '', 'x'.repeat(10_000), '%00', '%ff']) {
      probes.push({ name, kind: 'bad query', method: 'GET', path: `${path}?${param}=${value}` });
    }
    const repeated =
      param === 'period'
        ? 'period=all&period=7d'
        : param === 'status'
          ? 'status=signed&status=in_progress'
          : 'limit=5&limit=7';
    probes.push({ name, kind: 'repeated query', method: 'GET', path: `${path}?${repeated}` });
    // Unknown parameters are ignored, as unknown body keys are: only "no 5xx" holds for them.
    for (const query of ['period[]=7d', 'period[a]=7d', '__proto__[period]=7d', 'constructor=x']) {
      probes.push({ name, kind: 'unknown query', method: 'GET', path: `${path}?${query}`, mayPass: true });
    }
  }
  // HEAD of every GET endpoint (the live stream's included) must answer, and at once.
  if (endpoint.method === 'GET') probes.push({ name, kind: 'HEAD', method: 'HEAD', path, mayPass: true });
  if (path.includes(VALID_SLUG) || path.includes(draftId)) {
    const param = path.includes(VALID_SLUG) ? VALID_SLUG : draftId;
    for (const bad of [
      '%ff',
      '%E0%A4%A',
      '%00',
      'a'.repeat(5_000),
      '..%2F..%2Fetc%2Fpasswd',
      '%F0%9F%98%80',
      'admin',
    ]) {
      probes.push({
        name,
        kind: 'bad path parameter',
        method: endpoint.method,
        path: path.replace(param, bad),
        ...(endpoint.method !== 'GET'
          ? { body: JSON.stringify(baseBodies(now)[name] ?? {}), contentType: 'application/json' }
          : {}),
      });
    }
  }
  return probes;
}

describe('fuzz: malformed requests to every endpoint', () => {
  let system: EmbeddedSystem;
  let dataDir: string;
  let url: string;
  const cookies: Partial<Record<'adviser' | 'admin', string>> = {};
  let draftId = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gateway-fuzz-'));
    system = await startEmbedded(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '0',
        LOGIN_RATE_LIMIT_PER_MINUTE: '0',
        SHORT_LINK_RATE_LIMIT_PER_MINUTE: '0',
      },
      { logger: silentLogger() },
    );
    url = `http://127.0.0.1:${system.running.port}`;
    for (const [role, path, email, password] of [
      ['adviser', '/api/auth/login', 'adviser@example.com', 'adviser-demo-2026'],
      ['admin', '/api/admin/login', 'admin@example.com', 'admin-demo-2026'],
    ] as const) {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(res.status).toBe(200);
      cookies[role] = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    }
    const draft = await fetch(`${url}/api/assessments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(yesBody()),
    });
    expect(draft.status).toBe(201);
    draftId = ((await draft.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await system?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Rows in every table of the database, by table, but the rate limits' counters (a malformed
   * sign-in is still an attempt from its address, and is meant to count against it) and the
   * records' access log: a probe that is answered (HEAD, or a read with an unknown parameter,
   * which is ignored) reads the record, and every read is logged.
   */
  // Left out: what every request of an endpoint writes, junk it ignores or not: the rate limits'
  // hits, the access log, a passkey prompt's challenge (its options endpoints take an empty body),
  // and the app secret a bodiless TOTP set-up proposes (no factor until confirmed with a code).
  async function rowCounts(): Promise<Record<string, number>> {
    const { rows: tables } = await system.platform.sql.query<{ name: string }>(
      `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name
         FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
          AND table_name NOT IN ('rate_limit_hits', 'records_access_log', 'passkey_challenges', 'account_totp')
        ORDER BY 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows } = await system.platform.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${name}`,
      );
      counts[name] = rows[0]!.n;
    }
    return counts;
  }

  /**
   * The counts once the set-up's own work is done: the draft's event has reached every consumer,
   * and every relay (the slowest polls the embedded event store every 5 s) has moved past it.
   */
  async function settledCounts(): Promise<Record<string, number>> {
    const quietMs = 6_000;
    let previous = await rowCounts();
    let quietSince = Date.now();
    const deadline = Date.now() + 90_000;
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline) throw new Error('row counts did not settle');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const current = await rowCounts();
      if (JSON.stringify(current) !== JSON.stringify(previous)) quietSince = Date.now();
      previous = current;
    }
    return previous;
  }

  it('answers every malformed request with a 4xx JSON error, never a 5xx, and stores nothing', {
    timeout: 300_000,
  }, async () => {
    const now = new Date();
    const probes = (Object.entries(ENDPOINTS) as [EndpointName, EndpointDefinition][]).flatMap(
      ([name, endpoint]) => probesFor(name, endpoint, draftId, now),
    );
    const before = await settledCounts();

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const limited = new Map<string, number>();
    const send = async (probe: Probe): Promise<void> => {
      const endpoint = ENDPOINTS[probe.name];
      // A session of the role the endpoint needs, so bodies reach the service; the logouts get
      // none, as their success would end the session (a legitimate change, not a malformed input).
      const role =
        endpoint.access === 'admin' ? 'admin' : endpoint.access === 'public' ? undefined : 'adviser';
      const cookie = role ? cookies[role] : probe.name.endsWith('ogout') ? undefined : cookies.adviser;
      const headers: Record<string, string> = { ...probe.headers };
      if (cookie) headers.cookie = cookie;
      if (probe.contentType) headers['content-type'] = probe.contentType;
      const where = `${probe.method} ${probe.path.slice(0, 80)} (${probe.kind})`;
      // A browser navigation (single sign-on) answers every request with a redirect, a refusal
      // included (to the sign-in page, which words it), never with JSON.
      const navigation = 302 in endpoint.responses;
      try {
        const res = await fetch(`${url}${probe.path}`, {
          method: probe.method,
          headers,
          body: probe.body,
          redirect: navigation ? 'manual' : 'follow',
          signal: AbortSignal.timeout(15_000),
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 429) limited.set(probe.name, (limited.get(probe.name) ?? 0) + 1);
        const text = await res.text();
        if (navigation && probe.method !== 'HEAD') {
          if (res.status !== 302) failures.push(`${where}: ${res.status} rather than a redirect`);
          return;
        }
        if (res.status >= 500) failures.push(`${where}: ${res.status} ${text.slice(0, 200)}`);
        else if (probe.mayPass && res.status < 400) return;
        else if (res.status < 400 || res.status >= 500) failures.push(`${where}: ${res.status}`);
        else if (
          probe.method !== 'HEAD' &&
          typeof (JSON.parse(text) as { error?: unknown }).error !== 'string'
        ) {
          failures.push(`${where}: ${res.status} without a JSON error`);
        }
      } catch (error) {
        failures.push(`${where}: ${String(error)}`);
      }
    };
    // A few at a time, as a client with several connections would.
    const queue = [...probes];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let probe = queue.shift(); probe; probe = queue.shift()) await send(probe);
      }),
    );

    const after = await settledCounts();
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    const fiveXx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    process.stdout.write(
      `fuzz: ${probes.length} requests to ${Object.keys(ENDPOINTS).length} endpoints; ${summary.join(', ')}; 5xx: ${fiveXx}; 429 from ${JSON.stringify(Object.fromEntries(limited))}\n`,
    );
    expect(failures).toEqual([]);
    expect(after).toEqual(before);
    expect(fiveXx).toBe(0);
  });
});
