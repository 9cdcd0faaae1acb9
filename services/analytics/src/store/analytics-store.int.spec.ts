import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeTarget } from '@risk-profile/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { analyticsStoreContract, assessmentRow, questionEventRow } from '../testing/analytics-store.contract';
import { ANALYTICS_MIGRATIONS, NOT_V7_MS, sessionKeyOf } from './analytics-schema.migrations';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics-store.adapter';

// chDB binds one data directory per process: this file uses one (vitest runs each file in its
// own forked process).
const dir = mkdtempSync(join(tmpdir(), 'analytics-store-'));

analyticsStoreContract('ClickHouseAnalyticsStore on chDB', async () => ({
  open: () => ClickHouseAnalyticsStore.openEmbedded(join(dir, 'clickhouse')),
  cleanup: async () => rmSync(dir, { recursive: true, force: true }),
}));

/** Tables a rebuild migration made and should have dropped again. */
async function rebuildTablesLeft(store: ClickHouseAnalyticsStore): Promise<number | undefined> {
  const [left] = await store.select<{ n: number }>(
    "SELECT count() AS n FROM system.tables WHERE database = {d:String} AND name LIKE '%_rebuild'",
    { d: store.database },
  );
  return left?.n;
}

/** A store at `path` with the first `migrations` only, as an older release left it. */
const olderStore = (path: string, database: string, migrations: number) =>
  ClickHouseAnalyticsStore.openEmbedded(path, database, ANALYTICS_MIGRATIONS.slice(0, migrations));

describe('an analytics store upgraded from the first schema', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fills the folded tables from the events stored before them, once', async () => {
    const path = join(dir, 'clickhouse');
    const old = await olderStore(path, 'upgrade', 1);
    const sessionId = 'stored-before-002';
    await old.insertQuestionEvents([
      questionEventRow({ sessionId, answeredAt: null, timeSpentMs: 0, answerChanges: 0, finalAnswer: null }),
      questionEventRow({ sessionId, timeSpentMs: 7_000, answerChanges: 1 }),
    ]);
    await old.close();
    for (let start = 0; start < 2; start++) {
      const store = await ClickHouseAnalyticsStore.openEmbedded(path, 'upgrade');
      const rows = await store.select<{ n: number; time_spent_ms: number; answer_changes: number }>(
        `SELECT count() AS n, max(time_spent_ms) AS time_spent_ms, max(answer_changes) AS answer_changes
         FROM {db}.session_questions FINAL WHERE session_key = ${sessionKeyOf('{s:String}')}`,
        { s: sessionId },
      );
      expect(rows).toEqual([{ n: 1, time_spent_ms: 7_000, answer_changes: 1 }]);
      const [sessions] = await store.select<{ n: number }>(
        'SELECT count() AS n FROM {db}.sessions FINAL WHERE session_id = {s:String}',
        { s: sessionId },
      );
      expect(sessions?.n).toBe(1);
      await store.close();
    }
  });

  it('rebuilds session_questions in two partitions, keeping every row once, also after a crash half-way', async () => {
    const path = join(dir, 'clickhouse');
    const partitionKey = async (store: ClickHouseAnalyticsStore) =>
      (
        await store.select<{ partition_key: string }>(
          "SELECT partition_key FROM system.tables WHERE database = {d:String} AND name = 'session_questions'",
          { d: store.database },
        )
      )[0]?.partition_key;
    const old = await olderStore(path, 'rebuild', 2);
    expect(await partitionKey(old)).toBe('question_number');
    const stored = [1, 2, 3].map((n) =>
      questionEventRow({ sessionId: 'stored-before-003', questionId: `q${n}`, questionNumber: n }),
    );
    await old.insertQuestionEvents(stored);
    await old.close();
    // A start that died right after the swap, before the view was made again.
    const rebuild = ANALYTICS_MIGRATIONS[2]!;
    const swap = rebuild.statements.findIndex((s) => s.startsWith('EXCHANGE'));
    const crashed = await ClickHouseAnalyticsStore.openEmbedded(path, 'rebuild', [
      ...ANALYTICS_MIGRATIONS.slice(0, 2),
      { id: 'crashed-003', statements: rebuild.statements.slice(0, swap + 1) },
    ]);
    await crashed.close();

    // Up to 004, which keeps 003's partitions (005 drops them).
    const store = await ClickHouseAnalyticsStore.openEmbedded(
      path,
      'rebuild',
      ANALYTICS_MIGRATIONS.slice(0, 4),
    );
    try {
      expect(await partitionKey(store)).toBe('question_number % 2');
      // The view feeds the rebuilt table again.
      await store.insertQuestionEvents([
        questionEventRow({ sessionId: 'stored-after-003', questionId: 'q4', questionNumber: 4 }),
      ]);
      const rows = await store.select<{ session_id: string; question_number: number; n: number }>(
        `SELECT s.session_id AS session_id, q.question_number AS question_number, count() AS n
         FROM {db}.session_questions AS q FINAL
         JOIN (SELECT session_key, session_id FROM {db}.sessions FINAL) AS s ON s.session_key = q.session_key
         GROUP BY session_id, question_number ORDER BY session_id, question_number`,
      );
      expect(rows).toEqual([
        { session_id: 'stored-after-003', question_number: 4, n: 1 },
        { session_id: 'stored-before-003', question_number: 1, n: 1 },
        { session_id: 'stored-before-003', question_number: 2, n: 1 },
        { session_id: 'stored-before-003', question_number: 3, n: 1 },
      ]);
      expect(await rebuildTablesLeft(store)).toBe(0);
    } finally {
      await store.close();
    }
  });
});

describe('an analytics store upgraded to session keys (migration 004)', () => {
  it('keys the folded tables and the assessments by session key, keeping every row once, also after a crash half-way', async () => {
    const path = join(dir, 'clickhouse');
    const before = ANALYTICS_MIGRATIONS.slice(0, 3);
    const old = await ClickHouseAnalyticsStore.openEmbedded(path, 'keys', before);
    const ids = ['stored-before-004', 'tab\there', 'ünïcödé 🙂', randomUUID()];
    await old.insertQuestionEvents(
      ids.flatMap((sessionId) =>
        [1, 2].flatMap((n) => [
          questionEventRow({ sessionId, questionId: `q${n}`, questionNumber: n, answeredAt: null }),
          questionEventRow({ sessionId, questionId: `q${n}`, questionNumber: n, timeSpentMs: 1_000 * n }),
        ]),
      ),
    );
    await old.insertAssessments([
      assessmentRow({ sessionId: ids[0]!, stage: 2, signedAt: Date.now() }),
      assessmentRow({ sessionId: null, deviceType: null }),
    ]);
    await old.close();
    // A start that died right after the sessions table was swapped, before its view was made again.
    const keys = ANALYTICS_MIGRATIONS[3]!;
    const swap = keys.statements.findLastIndex((s) => s.startsWith('EXCHANGE'));
    const crashed = await ClickHouseAnalyticsStore.openEmbedded(path, 'keys', [
      ...before,
      { id: 'crashed-004', statements: keys.statements.slice(0, swap + 1) },
    ]);
    await crashed.close();

    const store = await ClickHouseAnalyticsStore.openEmbedded(path, 'keys', ANALYTICS_MIGRATIONS.slice(0, 4));
    try {
      const sortingKeys = await store.select<{ name: string; sorting_key: string }>(
        `SELECT name, sorting_key FROM system.tables
         WHERE database = {d:String} AND name IN ('session_questions', 'sessions') ORDER BY name`,
        { d: store.database },
      );
      expect(sortingKeys).toEqual([
        { name: 'session_questions', sorting_key: 'question_number, session_key' },
        { name: 'sessions', sorting_key: 'session_key' },
      ]);
      // The views feed the rebuilt tables again.
      const later = 'stored-after-004';
      await store.insertQuestionEvents([
        questionEventRow({ sessionId: later, questionId: 'q3', questionNumber: 3 }),
      ]);
      const rows = await store.select<{
        session_id: string;
        question_number: number;
        n: number;
        time: number;
      }>(
        `SELECT s.session_id AS session_id, q.question_number AS question_number, count() AS n,
                max(q.time_spent_ms) AS time
         FROM {db}.session_questions AS q FINAL
         JOIN (SELECT session_key, session_id FROM {db}.sessions FINAL) AS s ON s.session_key = q.session_key
         GROUP BY session_id, question_number ORDER BY session_id, question_number`,
      );
      expect(rows).toEqual(
        [
          ...ids.flatMap((id) =>
            [1, 2].map((n) => ({ session_id: id, question_number: n, n: 1, time: 1_000 * n })),
          ),
          { session_id: later, question_number: 3, n: 1, time: 4_500 },
        ].sort((a, b) =>
          a.session_id < b.session_id
            ? -1
            : a.session_id > b.session_id
              ? 1
              : a.question_number - b.question_number,
        ),
      );
      const sessions = await store.select<{ session_id: string; n: number; keyed: number }>(
        `SELECT session_id, count() AS n, max(session_key = ${sessionKeyOf('session_id')}) AS keyed
         FROM {db}.sessions FINAL GROUP BY session_id ORDER BY session_id`,
      );
      expect(sessions).toEqual(
        [...ids, later]
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
          .map((id) => ({ session_id: id, n: 1, keyed: 1 })),
      );
      // Assessments stored before and after carry the key of their session, or none without one.
      await store.insertAssessments([assessmentRow({ sessionId: later })]);
      const assessments = await store.select<{ session_id: string | null; matches: number | null }>(
        `SELECT session_id, session_key = ${sessionKeyOf('session_id')} AS matches
         FROM {db}.assessments ORDER BY session_id NULLS LAST`,
      );
      expect(assessments).toEqual([
        { session_id: later, matches: 1 },
        { session_id: ids[0], matches: 1 },
        { session_id: null, matches: null },
      ]);
      expect(await rebuildTablesLeft(store)).toBe(0);
    } finally {
      await store.close();
    }
  });
});

// A UUIDv7 id made at a known time (the same in capitals), a random (v4) one, ids that are no UUID
// at all, and a crafted v7 from the last millisecond of its 48 bits.
const v7 = '019aab3c-4d5e-7f01-8a2b-3c4d5e6f7a8b';
const v7Ms = 0x019aab3c4d5e;
const farFuture = 'ffffffff-ffff-7fff-bfff-ffffffffffff';
const timedIds = [v7, v7.toUpperCase(), randomUUID(), 'stored-before', 'ünïcödé 🙂', farFuture];
const notV7 = (id: string) => id !== v7 && id !== v7.toUpperCase() && id !== farFuture;

describe('an analytics store upgraded to the capacity-warning flag (migration 007)', () => {
  it('leaves the flag of assessments stored before it unknown, and stores it from then on', async () => {
    const path = join(dir, 'clickhouse');
    const old = await olderStore(path, 'capacity', 6);
    const before = assessmentRow({ stage: 2, signedAt: Date.now(), capacityWarning: true });
    // The new writer on the old table: the flag it has no column for is dropped, not an error.
    await old.insertAssessments([before]);
    await old.close();
    const store = await ClickHouseAnalyticsStore.openEmbedded(path, 'capacity');
    try {
      const after = assessmentRow({ stage: 2, signedAt: Date.now(), capacityWarning: true });
      await store.insertAssessments([after]);
      const rows = await store.select<{ id: string; flag: number | null }>(
        'SELECT toString(assessment_id) AS id, capacity_warning AS flag FROM {db}.assessments FINAL',
      );
      expect(new Map(rows.map((r) => [r.id, r.flag]))).toEqual(
        new Map([
          [before.assessmentId, null],
          [after.assessmentId, 1],
        ]),
      );
    } finally {
      await store.close();
    }
  });
});

describe.each([
  {
    migration: '005',
    column: 'session_id_time',
    // 1970 for other ids; ClickHouse clamps the far-future time to its range.
    sortValue: (id: string) =>
      notV7(id)
        ? '1970-01-01 00:00:00.000'
        : id === farFuture
          ? '9999-12-31 23:59:59.655'
          : new Date(v7Ms).toISOString().replace('T', ' ').replace('Z', ''),
  },
  {
    migration: '006',
    column: 'session_id_ms',
    // After every v7 time for other ids.
    sortValue: (id: string) => String(notV7(id) ? NOT_V7_MS : id === farFuture ? NOT_V7_MS - 1 : v7Ms),
  },
])(
  'an analytics store upgraded to session time order (migration $migration)',
  ({ migration, column, sortValue }) => {
    it('sorts the folded tables by the time in the session id, keeping every row once, also after a crash half-way', async () => {
      const path = join(dir, 'clickhouse');
      const index = ANALYTICS_MIGRATIONS.findIndex((m) => m.id.startsWith(migration));
      const before = ANALYTICS_MIGRATIONS.slice(0, index);
      const database = `timed${migration}`;
      const old = await ClickHouseAnalyticsStore.openEmbedded(path, database, before);
      await old.insertQuestionEvents(
        timedIds.flatMap((sessionId) =>
          [1, 2].flatMap((n) => [
            questionEventRow({ sessionId, questionId: `q${n}`, questionNumber: n, answeredAt: null }),
            questionEventRow({ sessionId, questionId: `q${n}`, questionNumber: n, timeSpentMs: 1_000 * n }),
          ]),
        ),
      );
      await old.close();
      // A start that died right after session_questions was swapped, before its view was made again.
      const timed = ANALYTICS_MIGRATIONS[index]!;
      const swap = timed.statements.findIndex((s) => s.startsWith('EXCHANGE'));
      const crashed = await ClickHouseAnalyticsStore.openEmbedded(path, database, [
        ...before,
        { id: `crashed-${migration}`, statements: timed.statements.slice(0, swap + 1) },
      ]);
      await crashed.close();

      const store = await ClickHouseAnalyticsStore.openEmbedded(
        path,
        database,
        ANALYTICS_MIGRATIONS.slice(0, index + 1),
      );
      try {
        const tables = await store.select<{ name: string; sorting_key: string; partition_key: string }>(
          `SELECT name, sorting_key, partition_key FROM system.tables
         WHERE database = {d:String} AND name IN ('session_questions', 'sessions') ORDER BY name`,
          { d: store.database },
        );
        expect(tables).toEqual([
          {
            name: 'session_questions',
            sorting_key: `${column}, question_number, session_key`,
            partition_key: '',
          },
          { name: 'sessions', sorting_key: `${column}, session_key`, partition_key: '' },
        ]);
        // Through the views: a new session, a new question of a stored one, and a later answer to
        // a stored session's question (which folds into its row).
        const later = 'stored-after';
        await store.insertQuestionEvents([
          questionEventRow({ sessionId: later, questionId: 'q3', questionNumber: 3 }),
          questionEventRow({ sessionId: v7, questionId: 'q3', questionNumber: 3 }),
          questionEventRow({ sessionId: v7, questionId: 'q1', questionNumber: 1, timeSpentMs: 9_000 }),
        ]);
        const rows = await store.select<{
          session_id: string;
          sorted_by: string;
          questions: number[];
          n: number;
          time: number;
        }>(
          `SELECT s.session_id AS session_id, toString(s.${column}) AS sorted_by,
                arraySort(groupArray(q.question_number)) AS questions, count() AS n, max(q.time_spent_ms) AS time
         FROM (SELECT question_number, session_key, time_spent_ms FROM {db}.session_questions FINAL) AS q
         JOIN (SELECT session_key, session_id, ${column} FROM {db}.sessions FINAL) AS s
           ON s.session_key = q.session_key
         GROUP BY s.session_id, s.${column} ORDER BY session_id`,
        );
        expect(rows).toEqual(
          [
            ...timedIds.map((id) => ({
              session_id: id,
              sorted_by: sortValue(id),
              questions: id === v7 ? [1, 2, 3] : [1, 2],
              n: id === v7 ? 3 : 2,
              time: id === v7 ? 9_000 : 2_000,
            })),
            { session_id: later, sorted_by: sortValue(later), questions: [3], n: 1, time: 4_500 },
          ].sort((a, b) => (a.session_id < b.session_id ? -1 : a.session_id > b.session_id ? 1 : 0)),
        );
        expect(await rebuildTablesLeft(store)).toBe(0);
      } finally {
        await store.close();
      }
    });
  },
);

const url = process.env.CLICKHOUSE_URL;
const server = {
  name: 'a ClickHouse server',
  skipReason: url ? undefined : 'no ClickHouse server configured (set CLICKHOUSE_URL)',
};

describeTarget('ClickHouseAnalyticsStore on a ClickHouse server', server, () => {
  const database = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const options = {
    url: url!,
    username: process.env.CLICKHOUSE_USER,
    password: process.env.CLICKHOUSE_PASSWORD,
    database,
  };
  analyticsStoreContract('AnalyticsStore contract', async () => ({
    open: () => ClickHouseAnalyticsStore.openServer(options),
    cleanup: async () => {},
  }));

  it('applies each migration once when instances start together under the migration lock', async () => {
    const fresh = { ...options, database: `${database}_together` };
    // The lock the service takes is PostgreSQL's (platform's withAdvisoryLock has its own suite);
    // here one held in this process stands for it: what matters is that the store runs all of
    // its migration work inside it.
    let held: Promise<unknown> = Promise.resolve();
    const migrationLock = <T>(run: () => Promise<T>): Promise<T> => {
      const turn = held.then(run);
      held = turn.catch(() => {});
      return turn;
    };
    const stores = await Promise.all(
      [1, 2, 3].map(() => ClickHouseAnalyticsStore.openServer({ ...fresh, migrationLock })),
    );
    try {
      // Without FINAL: a migration run twice would have left two rows.
      const applied = await stores[0]!.select<{ id: string }>(
        'SELECT id FROM {db}.schema_migrations ORDER BY id',
      );
      expect(applied.map((r) => r.id)).toEqual(ANALYTICS_MIGRATIONS.map((m) => m.id));
      const views = await stores[0]!.select<{ name: string }>(
        "SELECT name FROM system.tables WHERE database = {d:String} AND engine = 'MaterializedView' ORDER BY name",
        { d: fresh.database },
      );
      expect(views.map((v) => v.name)).toEqual(['session_questions_mv', 'sessions_mv']);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});
