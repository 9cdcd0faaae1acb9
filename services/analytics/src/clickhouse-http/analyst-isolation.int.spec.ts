import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { CLICKHOUSE_HTTP_PATH } from '@risk-profile/contracts';
import { describeTargets, type ServiceUnderTest } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyticsConfigSchema } from '../config';
import type { AnalyticsServiceModule } from '../index';
import type { ClickHouseAnalyticsStore } from '../store/clickhouse-analytics-store.adapter';
import { balancedAssessment } from '../testing/assessment-rows';
import { type ClickHouseHttpHarness, startClickHouseHttp } from '../testing/clickhouse-http-harness';
import { uuidV7At } from '../testing/generated-sessions';
import { TestAnalystAuthenticator } from '../testing/test-analyst-authenticator';

// Issue 40's probe, as tests: what one analyst does never reaches another's answer or the product.
const MAX_RESULT_BYTES = 20_000_000;
/**
 * Where analysts' queries run: the analysts' engine process on chDB, always; a ClickHouse server
 * as its analyst user (deploy/clickhouse/users.d/analyst.xml, whose profile's limits apply there)
 * where one is configured.
 */
const serverUrl = process.env.CLICKHOUSE_URL;
const TARGETS = [
  { name: 'chDB', server: false, skipReason: undefined },
  {
    name: 'a ClickHouse server',
    server: true,
    skipReason:
      serverUrl && process.env.CLICKHOUSE_ANALYST_PASSWORD !== undefined
        ? undefined
        : 'no ClickHouse server configured (set CLICKHOUSE_URL and CLICKHOUSE_ANALYST_PASSWORD for its analyst user)',
  },
] as const;
const configFor = (server: boolean) =>
  analyticsConfigSchema.parse({
    // A folder of its own per target: the harness removes it when it stops.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'analyst-isolation-')),
    ANALYST_MAX_EXECUTION_SECONDS: '2',
    ANALYST_MAX_RESULT_BYTES: String(MAX_RESULT_BYTES),
    ANALYST_MAX_MEMORY_BYTES: '300000000',
    ANALYST_REPLICA_REFRESH_MS: '300',
    ...(server
      ? {
          CLICKHOUSE_URL: serverUrl,
          CLICKHOUSE_USER: process.env.CLICKHOUSE_USER,
          CLICKHOUSE_PASSWORD: process.env.CLICKHOUSE_PASSWORD,
          CLICKHOUSE_ANALYST_PASSWORD: process.env.CLICKHOUSE_ANALYST_PASSWORD,
        }
      : {}),
  });
const auth = new TestAnalystAuthenticator();
const ALICE = { email: 'alice@example.com', password: 'alice-pass' };
const BOB = { email: 'bob@example.com', password: 'bob-pass' };
auth.account(ALICE.email, ALICE.password, true);
auth.account(BOB.email, BOB.password, true);

const basic = (who: { email: string; password: string }) =>
  `Basic ${Buffer.from(`${who.email}:${who.password}`).toString('base64')}`;
const rss = () => process.memoryUsage().rss;
const MB = 1024 * 1024;

/** A gzip body of `size` zero bytes, compressed as it is sent (never held whole). */
const gzipBomb = (size: number) =>
  Readable.from(
    (function* () {
      const block = Buffer.alloc(1 << 20);
      for (let sent = 0; sent < size; sent += block.length) yield block;
    })(),
  ).pipe(createGzip({ level: 9 }));

describeTargets(
  TARGETS,
  (t) => `analysts are isolated from each other and from the product, on ${t.name}`,
  (target) => {
    const config = configFor(target.server);
    let store: ClickHouseAnalyticsStore;
    let server: ServiceUnderTest;
    let harness: ClickHouseHttpHarness | undefined;
    const query = async (who: { email: string; password: string }, text: string, search = '') => {
      const res = await fetch(`${server.url}${CLICKHOUSE_HTTP_PATH}/?${search}`, {
        method: 'POST',
        body: text,
        headers: { authorization: basic(who) },
      });
      // Read as it comes, so a cut answer keeps what arrived before the cut.
      const parts: Buffer[] = [];
      let cut = false;
      try {
        for await (const part of res.body ?? []) parts.push(Buffer.from(part));
      } catch {
        cut = true;
      }
      const body = Buffer.concat(parts).toString('utf8');
      return { status: res.status, body, cut, code: res.headers.get('x-clickhouse-exception-code') };
    };
    const refreshed = () => (server.module as AnalyticsServiceModule).analystsRefreshed();
    const workerPid = () =>
      Number(
        execFileSync('pgrep', ['-P', String(process.pid), '-f', 'analyst-worker'])
          .toString()
          .trim()
          .split('\n')[0],
      );

    beforeAll(async () => {
      harness = await startClickHouseHttp({ config, authenticator: auth });
      ({ server, store } = harness);
    });
    afterAll(async () => {
      await harness?.stop();
    });

    it("never serves a failed query's output to the next query, of the same analyst, another, or the cache", async () => {
      const plant =
        "SELECT if(number = 0, 'SELECT ''INJECTED'' AS db UNION ALL ', '') FROM system.numbers FORMAT RawBLOB";
      const databases = 'SELECT name AS db FROM system.databases ORDER BY db';
      for (let round = 0; round < 3; round++) {
        const planted = await query(ALICE, plant);
        // Its own output (chDB ends RawBLOB after the first value) or its own error, nothing else.
        expect(planted.body).toMatch(/^(SELECT 'INJECTED' AS db UNION ALL |Code: (396|159)\. )/);
        const other = await query(BOB, databases);
        expect(other.status).toBe(200);
        expect(other.body).not.toContain('INJECTED');
        expect(other.body.split('\n')).toContain('analytics');
        const runaway = await query(ALICE, 'SELECT * FROM system.numbers');
        expect(runaway.body).toMatch(/Code: (396|159)/);
        expect(runaway.cut || runaway.status !== 200).toBe(true);
        expect(await query(ALICE, 'SELECT 4242')).toMatchObject({ status: 200, body: '4242\n' });
        expect((await query(BOB, 'SELECT version()')).body).toMatch(/^\d+\.\d+\.\d+\.\d+\n$/);
        // Statements chDB answers whole (not streamed) after a failure, and the cached verdict again.
        expect((await query(BOB, 'EXISTS TABLE analytics.assessments')).body).toBe('1\n');
        expect((await query(ALICE, databases)).body).toBe(other.body);
      }
    });

    it('stops a result at its byte limit with ClickHouse’s error, holding no more than a chunk', async () => {
      const before = rss();
      const answer = await query(ALICE, "SELECT repeat('x', 200000) FROM numbers(200)");
      expect(answer.body.length).toBeLessThan(MAX_RESULT_BYTES + 2 * MB);
      expect(answer.body).toMatch(/Code: 396\. DB::Exception: .*\(TOO_MANY_ROWS_OR_BYTES\)/);
      expect(answer.status !== 200 || answer.cut).toBe(true);
      expect(rss() - before).toBeLessThan(100 * MB);
    });

    it('ends a memory bomb and a runaway scan with their errors while the product answers', {
      timeout: 90_000,
    }, async () => {
      const before = rss();
      const bomb = query(ALICE, "SELECT groupArray(repeat('x', 1000)) FROM numbers(100000000)");
      // A server stops it at its profile's limit (30 s), chDB at this test's (2 s).
      const scan = query(BOB, 'SELECT count() FROM numbers_mt(1000000000000)');
      // The product's own query, asked while both run, answers (how fast is the benchmark's to say).
      const product = await store.select<{ n: number }>('SELECT count() AS n FROM {db}.assessments');
      expect(product).toHaveLength(1);
      const [memory, time] = await Promise.all([bomb, scan]);
      expect(memory.body).toMatch(/MEMORY_LIMIT_EXCEEDED|TOO_MANY_ROWS_OR_BYTES/);
      expect(time.body).toMatch(/Code: 159\./);
      expect(rss() - before).toBeLessThan(50 * MB);
    });

    it('refuses an unauthenticated gzip bomb before reading it, and an authenticated one at the size limit', async () => {
      const before = rss();
      const send = (headers: Record<string, string>) =>
        fetch(`${server.url}${CLICKHOUSE_HTTP_PATH}/`, {
          method: 'POST',
          body: Readable.toWeb(gzipBomb(1 << 30)) as ReadableStream,
          headers: { 'content-encoding': 'gzip', ...headers },
          duplex: 'half',
        } as RequestInit).catch((error: Error) => ({ status: 0, error }));
      const anonymous = await send({});
      expect(anonymous.status).toBe(401);
      const signedIn = await send({ authorization: basic(ALICE) });
      expect(signedIn.status).toBe(413);
      expect(rss() - before).toBeLessThan(50 * MB);
    });

    it.skipIf(target.server)('shows analysts the store as of the last refresh, every row once', async () => {
      const sessionId = randomUUID();
      const now = Date.now();
      await store.insertAssessments([
        balancedAssessment({ sessionId, deviceType: 'desktop', createdAt: now, signedAt: null }),
      ]);
      await store.insertAssessments([
        balancedAssessment({ sessionId: randomUUID(), deviceType: 'mobile', createdAt: now, signedAt: now }),
      ]);
      const session = uuidV7At(now, randomUUID().replaceAll('-', ''));
      await store.insertQuestionEvents(
        [1, 2, 3].map((questionNumber) => ({
          eventId: randomUUID(),
          sessionId: session,
          questionId: `q${questionNumber}`,
          questionNumber,
          deviceType: 'desktop' as const,
          viewedAt: now + questionNumber,
          answeredAt: now + questionNumber + 500,
          timeSpentMs: 500,
          answerChanges: 0,
          finalAnswer: 2,
          receivedAt: now + 1_000,
        })),
      );
      await refreshed();
      await refreshed();
      // Every table, the folded ones the materialized views fill included, as the store has it.
      for (const table of ['assessments', 'question_events', 'session_questions', 'sessions']) {
        const [{ n }] = (await store.select<{ n: number }>(`SELECT count() AS n FROM {db}.${table}`)) as [
          { n: number },
        ];
        expect(n).toBeGreaterThan(0);
        expect((await query(BOB, `SELECT count() FROM analytics.${table}`)).body).toBe(`${n}\n`);
      }
    });

    it.skipIf(target.server)(
      'runs analysts’ queries in a process of their own, which comes back by itself when killed',
      async () => {
        const pid = workerPid();
        expect(pid).toBeGreaterThan(0);
        expect(pid).not.toBe(process.pid);
        process.kill(pid, 'SIGKILL');
        const deadline = Date.now() + 20_000;
        let answer = await query(ALICE, 'SELECT 1');
        while (answer.body !== '1\n' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          answer = await query(ALICE, 'SELECT 1');
        }
        expect(answer).toMatchObject({ status: 200, body: '1\n' });
        expect(workerPid()).not.toBe(pid);
      },
    );
  },
);
