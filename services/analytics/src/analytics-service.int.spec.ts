import { ENDPOINT_ROUTES, QUESTION_EVENTS_TOPIC, type QuestionEvent } from '@risk-profile/contracts';
import { type PlatformDeps, silentLogger } from '@risk-profile/platform';
import { eventually, type ServiceUnderTest, startServiceUnderTest } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsConfigSchema } from './config';
import { type AnalyticsServiceModule, createAnalyticsService } from './index';
import type { AnalyticsStore } from './store/analytics-store.port';
import { embeddedStores } from './testing/embedded-stores';
import { TestSessionVerifier } from './testing/test-session-verifier';

const NOW = new Date('2026-11-22T12:00:00.000Z');

const sessions = new TestSessionVerifier();
const ADMIN = sessions.grant('admin', { role: 'admin' });
const ADVISER = sessions.grant('adviser', { role: 'adviser', adviserSlug: 'demo-adviser' });

const ADMIN_READS = [
  ENDPOINT_ROUTES.analyticsSummary.path,
  ENDPOINT_ROUTES.questionDifficulty.path,
  ENDPOINT_ROUTES.dropOff.path,
  ENDPOINT_ROUTES.deviceStats.path,
  ENDPOINT_ROUTES.recentAssessments.path,
];

/** Counts the inserts, to see the batching. */
class CountingStore {
  inserts = 0;
  constructor(readonly inner: AnalyticsStore) {}
  wrap(): AnalyticsStore {
    return {
      description: this.inner.description,
      database: this.inner.database,
      insertQuestionEvents: async (rows) => {
        this.inserts++;
        await this.inner.insertQuestionEvents(rows);
      },
      insertAssessments: (rows) => this.inner.insertAssessments(rows),
      insertHouseholdLinks: (rows) => this.inner.insertHouseholdLinks(rows),
      select: (sql, params) => this.inner.select(sql, params),
      ping: () => this.inner.ping(),
      close: async () => {},
    };
  }
}

const event = (sessionId: string, n: number, answered: boolean): QuestionEvent => ({
  sessionId,
  questionId: `q${n}` as QuestionEvent['questionId'],
  questionViewedAt: '2026-11-22T11:00:00.000Z',
  questionAnsweredAt: answered ? '2026-11-22T11:00:05.000Z' : null,
  timeSpent: answered ? 5_000 : 0,
  answerChanges: 0,
  finalAnswer: answered ? 3 : null,
  deviceType: 'mobile',
});

/** The bus message of a QuestionEventRecorded of `e`, received now, with `id` as both ids. */
const recordedMessage = (id: string, e: QuestionEvent) => ({
  id,
  key: e.sessionId,
  value: {
    id,
    type: 'QuestionEventRecorded',
    version: 1,
    occurredAt: NOW.toISOString(),
    correlationId: 'test',
    causationId: null,
    data: { ...e, receivedAt: NOW.toISOString() },
  },
});

describe('analytics service (chDB, PGlite)', () => {
  const stores = embeddedStores('analytics-service-');
  const config = analyticsConfigSchema.parse({ DATA_DIR: stores.dir, ANALYTICS_FLUSH_INTERVAL_MS: '100' });
  let counting: CountingStore;
  let server: ServiceUnderTest;
  const create = (deps: PlatformDeps) =>
    createAnalyticsService(deps, { sessions, config, store: counting.wrap(), streamRecheckMs: 100 });

  const countIn = async (sessionId: string) =>
    (
      await stores.store.select<{ n: number }>(
        'SELECT count() AS n FROM {db}.question_events FINAL WHERE session_id = {s:String}',
        { s: sessionId },
      )
    )[0]!.n;

  beforeAll(async () => {
    counting = new CountingStore(stores.store);
    server = await startServiceUnderTest(stores.sql, create, { background: true, clock: () => NOW });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('POST /api/analytics/question', () => {
    it('takes one event as the specification sends it and answers 202 with the count', async () => {
      const res = await server.post(ENDPOINT_ROUTES.ingestQuestionEvents.path, event('single', 1, false));
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ accepted: 1 });
      await eventually(async () => expect(await countIn('single')).toBe(1));
    });

    it('takes a batch and answers with how many it accepted', async () => {
      const events = [1, 2, 3].map((n) => event('batch', n, true));
      const res = await server.post(ENDPOINT_ROUTES.ingestQuestionEvents.path, { events });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ accepted: 3 });
      await eventually(async () => expect(await countIn('batch')).toBe(3));
    });

    it.each([
      ['an unknown question', { ...event('bad', 1, false), questionId: 'q19' }],
      ['a negative time', { ...event('bad', 1, false), timeSpent: -1 }],
      ['an empty batch', { events: [] }],
      [
        'a batch with one bad event',
        { events: [event('bad', 1, false), { ...event('bad', 2, false), deviceType: 'tv' }] },
      ],
      ['no body', ''],
      ['a view in year 9999', { ...event('bad', 1, false), questionViewedAt: '9999-12-31T23:59:59.000Z' }],
      ['a view in year 0001', { ...event('bad', 1, false), questionViewedAt: '0001-01-01T00:00:00.000Z' }],
      ['a view 49 hours old', { ...event('bad', 1, false), questionViewedAt: '2026-11-20T11:00:00.000Z' }],
      [
        'an answer 11 minutes ahead of the server',
        { ...event('bad', 1, true), questionAnsweredAt: '2026-11-22T12:11:00.000Z' },
      ],
      [
        'an answer before its view',
        { ...event('bad', 1, true), questionAnsweredAt: '2026-11-22T10:59:59.999Z' },
      ],
      [
        'a batch with one event dated 9999',
        {
          events: [
            event('bad', 1, false),
            { ...event('bad', 2, true), questionAnsweredAt: '9999-01-01T00:00:00.000Z' },
          ],
        },
      ],
    ])('refuses %s with 400 and a JSON error, and stores nothing', async (_, body) => {
      const res = await server.post(ENDPOINT_ROUTES.ingestQuestionEvents.path, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String) });
      const published = await stores.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM bus_messages WHERE topic = $1 AND key = 'bad'",
        [QUESTION_EVENTS_TOPIC],
      );
      expect(published.rows[0]!.n).toBe(0);
    });

    it("names the field of a time outside the server's window, or out of order", async () => {
      const late = { ...event('bad', 2, false), questionViewedAt: '9999-12-31T23:59:59.000Z' };
      const res = await server.post(ENDPOINT_ROUTES.ingestQuestionEvents.path, {
        events: [event('bad', 1, false), late],
      });
      expect(await res.json()).toMatchObject({
        error:
          "events.1.questionViewedAt: must be at most 48 hours before and 10 minutes after the server's time",
      });
      const early = { ...event('bad', 1, true), questionAnsweredAt: '2026-11-22T10:00:00.000Z' };
      expect(
        await (await server.post(ENDPOINT_ROUTES.ingestQuestionEvents.path, early)).json(),
      ).toMatchObject({
        error: 'questionAnsweredAt: must not be before questionViewedAt',
      });
    });

    it('takes times up to 48 hours old and up to 10 minutes ahead of the server', async () => {
      const edges = [
        { ...event('edges', 1, false), questionViewedAt: '2026-11-20T12:00:00.000Z' },
        {
          ...event('edges', 2, true),
          questionViewedAt: '2026-11-22T12:09:00.000Z',
          questionAnsweredAt: '2026-11-22T12:10:00.000Z',
          timeSpent: 60_000,
        },
      ];
      const res = await server.post(ENDPOINT_ROUTES.ingestQuestionEvents.path, { events: edges });
      expect(res.status).toBe(202);
      await eventually(async () => expect(await countIn('edges')).toBe(2));
    });

    it('counts the same event sent twice once', async () => {
      const e = event('twice', 4, true);
      await server.post(ENDPOINT_ROUTES.ingestQuestionEvents.path, e);
      await server.post(ENDPOINT_ROUTES.ingestQuestionEvents.path, { events: [e] });
      await eventually(async () => {
        const { rows } = await stores.sql.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM bus_messages WHERE topic = $1 AND key = 'twice'",
          [QUESTION_EVENTS_TOPIC],
        );
        expect(rows[0]!.n).toBe(2);
        expect(await countIn('twice')).toBe(1);
      });
    });
  });

  describe('projector', () => {
    it('writes many events in few inserts', async () => {
      const before = counting.inserts;
      const batches = Array.from({ length: 20 }, (_, b) =>
        Array.from({ length: 18 }, (_, q) => event(`bulk-${b}`, q + 1, true)),
      );
      await Promise.all(
        batches.map((events) => server.post(ENDPOINT_ROUTES.ingestQuestionEvents.path, { events })),
      );
      await eventually(async () => {
        const [row] = await stores.store.select<{ n: number }>(
          "SELECT count() AS n FROM {db}.question_events FINAL WHERE startsWith(session_id, 'bulk-')",
        );
        expect(row!.n).toBe(360);
      });
      expect(counting.inserts - before).toBeLessThan(20);
    });

    it('counts a message the bus delivers again once', async () => {
      const e = event('redelivered', 2, true);
      const message = recordedMessage('11111111-2222-4333-8444-555555555555', e);
      await server.bus.publish(QUESTION_EVENTS_TOPIC, [message]);
      await server.bus.publish(QUESTION_EVENTS_TOPIC, [message, message]);
      await eventually(async () => {
        const { rows } = await stores.sql.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM bus_messages WHERE key = 'redelivered'",
        );
        expect(rows[0]!.n).toBe(3);
      });
      // Every copy has been consumed once the offset passes the last one; then exactly one row.
      await eventually(async () => {
        const { rows } = await stores.sql.query<{ behind: boolean }>(
          `SELECT bool_or((o.offset_tx, o.offset_seq) < (m.transaction_id, m.seq)) AS behind
           FROM bus_messages m JOIN bus_consumer_offsets o
             ON o.topic = m.topic AND o.partition = m.partition AND o.group_id = 'analytics.question-events'
           WHERE m.key = 'redelivered'`,
        );
        expect(rows[0]!.behind).toBe(false);
      });
      expect(await countIn('redelivered')).toBe(1);
    });

    it('loses and doubles nothing across a restart', async () => {
      const first = Array.from({ length: 9 }, (_, q) => event('restart', q + 1, true));
      const second = Array.from({ length: 9 }, (_, q) => event('restart', q + 10, true));
      await server.post(ENDPOINT_ROUTES.ingestQuestionEvents.path, { events: first });
      await server.module.stop();
      // Published while the projector is down: picked up when it comes back.
      await server.bus.publish(
        QUESTION_EVENTS_TOPIC,
        second.map((e, i) => recordedMessage(`aaaaaaaa-bbbb-4ccc-8ddd-${String(i).padStart(12, '0')}`, e)),
      );
      const restarted = (await create({
        sql: stores.sql,
        eventStore: server.store,
        bus: server.bus,
        logger: silentLogger(),
        clock: () => NOW,
      })) as AnalyticsServiceModule;
      await restarted.start();
      try {
        await eventually(async () => expect(await countIn('restart')).toBe(18));
      } finally {
        await restarted.stop();
        await server.module.start();
      }
    });
  });

  describe('admin endpoints', () => {
    const get = (path: string, cookie?: string) =>
      fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });

    const ADMIN_ONLY = [
      ...ADMIN_READS,
      ENDPOINT_ROUTES.analyticsStream.path,
      ENDPOINT_ROUTES.analyticsAdvisers.path,
    ];

    it.each(ADMIN_ONLY)('%s answers 401 without a session', async (path) => {
      const res = await get(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: expect.any(String) });
    });

    it.each(ADMIN_ONLY)('%s answers 403 to an adviser', async (path) => {
      const res = await get(path, ADVISER);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: expect.any(String) });
    });

    it.each(ADMIN_READS)('%s refuses an unknown period with 400', async (path) => {
      const res = await get(`${path}?period=1y`, ADMIN);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(
        expect.objectContaining({ error: 'Period must be one of 24h, 7d, 30d or all.' }),
      );
    });

    it.each(ADMIN_READS)('%s refuses an adviser that is not a page name with 400', async (path) => {
      const res = await get(`${path}?period=7d&adviser=${encodeURIComponent("x' OR 1=1")}`, ADMIN);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(
        expect.objectContaining({
          error:
            'An adviser page name may contain only lowercase letters, digits and single hyphens between them.',
        }),
      );
    });

    it.each(
      ADMIN_READS.flatMap((path) => ['0', '1.5', 'two', '65536'].map((version) => [path, version] as const)),
    )('%s refuses the questionnaire version %j with 400', async (path, version) => {
      const res = await get(`${path}?period=7d&version=${version}`, ADMIN);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(
        expect.objectContaining({
          error: 'Version must be a questionnaire version: a whole number from 1 to 65535.',
        }),
      );
    });

    it.each(ADMIN_READS)(
      '%s answers 200 for one questionnaire version, with an adviser or without',
      async (path) => {
        for (const query of ['version=2', 'version=65535&adviser=demo-adviser']) {
          const res = await get(`${path}?period=7d&${query}`, ADMIN);
          expect(res.status).toBe(200);
        }
      },
    );

    it.each(ADMIN_READS)('%s answers 200 for one adviser', async (path) => {
      const res = await get(`${path}?period=7d&adviser=demo-adviser`, ADMIN);
      expect(res.status).toBe(200);
    });

    it('lists the advisers seen as an array of slugs', async () => {
      const res = await get(ENDPOINT_ROUTES.analyticsAdvisers.path, ADMIN);
      expect(res.status).toBe(200);
      expect(Array.isArray(await res.json())).toBe(true);
    });

    it('streams "changed" after the projections change', async () => {
      const controller = new AbortController();
      const res = await fetch(`${server.url}${ENDPOINT_ROUTES.analyticsStream.path}`, {
        headers: { cookie: ADMIN },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      await server.post(ENDPOINT_ROUTES.ingestQuestionEvents.path, event('live', 1, false));
      while (!text.includes('event: changed')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      controller.abort();
      expect(text).toContain('event: changed\ndata: {}');
    });

    it("answers HEAD of the stream with the stream's headers at once, without holding it open", async () => {
      const res = await fetch(`${server.url}${ENDPOINT_ROUTES.analyticsStream.path}`, {
        method: 'HEAD',
        headers: { cookie: ADMIN },
        signal: AbortSignal.timeout(5_000),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(await res.text()).toBe('');
      const refused = await fetch(`${server.url}${ENDPOINT_ROUTES.analyticsStream.path}`, {
        method: 'HEAD',
        signal: AbortSignal.timeout(5_000),
      });
      expect(refused.status).toBe(401);
    });

    it('ends the stream of a session revoked while it is open', async () => {
      const cookie = sessions.grant('leaving-admin', { role: 'admin' });
      const res = await fetch(`${server.url}${ENDPOINT_ROUTES.analyticsStream.path}`, {
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read();
      sessions.revoke('leaving-admin');
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
      }
      const again = await fetch(`${server.url}${ENDPOINT_ROUTES.analyticsStream.path}`, {
        headers: { cookie },
      });
      expect(again.status).toBe(401);
    });
  });
});
