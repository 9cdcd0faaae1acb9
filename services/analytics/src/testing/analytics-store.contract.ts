import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionKeyOf } from '../store/analytics-schema.migrations';
import {
  type AnalyticsStore,
  AnalyticsStoreClosedError,
  type AssessmentRow,
  type QuestionEventRow,
} from '../store/analytics-store.port';

export interface AnalyticsStoreFixture {
  /** Opens the store on the same place every time (a reopen is a restart). */
  open(): Promise<AnalyticsStore>;
  cleanup(): Promise<void>;
}

const T0 = Date.UTC(2026, 10, 22, 10, 0, 0, 123);

export function questionEventRow(overrides: Partial<QuestionEventRow> = {}): QuestionEventRow {
  return {
    eventId: randomUUID(),
    sessionId: `s-${randomUUID()}`,
    questionId: 'q1',
    questionNumber: 1,
    deviceType: 'mobile',
    viewedAt: T0,
    answeredAt: T0 + 4_500,
    timeSpentMs: 4_500,
    answerChanges: 1,
    finalAnswer: 3,
    receivedAt: T0 + 4_600,
    ...overrides,
  };
}

export function assessmentRow(overrides: Partial<AssessmentRow> = {}): AssessmentRow {
  return {
    assessmentId: randomUUID(),
    stage: 1,
    sessionId: `s-${randomUUID()}`,
    deviceType: 'desktop',
    adviserSlug: null,
    riskScore: 40,
    riskGroup: 3,
    originalProfile: 'Balanced',
    selectedProfile: 'Balanced',
    profileChanged: false,
    capacityWarning: null,
    linkId: null,
    questionnaireVersion: 1,
    createdAt: T0,
    signedAt: null,
    eventId: randomUUID(),
    ...overrides,
  };
}

interface StoredEvent {
  event_id: string;
  session_id: string;
  answered_at: string | null;
  viewed_ms: number;
  time_spent_ms: number;
  final_answer: number | null;
}

/** What every AnalyticsStore connection (chDB, a ClickHouse server) must do alike. */
export function analyticsStoreContract(
  name: string,
  makeFixture: () => Promise<AnalyticsStoreFixture>,
): void {
  describe(name, () => {
    let fixture: AnalyticsStoreFixture;
    let store: AnalyticsStore;
    beforeAll(async () => {
      fixture = await makeFixture();
      store = await fixture.open();
    });
    afterAll(async () => {
      await store?.close();
      await fixture?.cleanup();
    });

    it('stores question events and reads them back with millisecond times', async () => {
      const row = questionEventRow({ answeredAt: null, finalAnswer: null, timeSpentMs: 0 });
      await store.insertQuestionEvents([row]);
      const rows = await store.select<StoredEvent>(
        `SELECT toString(event_id) AS event_id, session_id, answered_at, final_answer, time_spent_ms,
                toUnixTimestamp64Milli(viewed_at) AS viewed_ms
         FROM {db}.question_events FINAL WHERE session_id = {session:String}`,
        { session: row.sessionId },
      );
      expect(rows).toEqual([
        {
          event_id: row.eventId,
          session_id: row.sessionId,
          answered_at: null,
          final_answer: null,
          time_spent_ms: 0,
          viewed_ms: T0,
        },
      ]);
    });

    it('stores every column exactly, whatever characters a session id holds', async () => {
      const prefix = `s-${randomUUID()}`;
      const ids = [
        `${prefix} tab\there`,
        `${prefix} newline\nand\r\nreturn`,
        `${prefix} back\\slash \\N \\t`,
        `${prefix} "quotes" 'single' é ✓ 👍`,
        `${prefix}\\`,
        `${prefix}, "comma", then quote at the end"`,
        `${prefix}  spaces around  `,
      ];
      const rows = ids.map((sessionId, n) =>
        questionEventRow({
          sessionId,
          questionId: `q${n + 12}`,
          questionNumber: n + 12,
          deviceType: n % 2 ? 'tablet' : 'desktop',
          viewedAt: T0 + n,
          answeredAt: n === 4 ? null : T0 + 10_000 + n,
          timeSpentMs: n === 4 ? 0 : 10_000,
          answerChanges: n,
          finalAnswer: n === 4 ? null : n + 1,
          receivedAt: Date.UTC(9999, 11, 31, 23, 59, 59, 999),
        }),
      );
      await store.insertQuestionEvents(rows);
      const stored = await store.select<Record<string, unknown>>(
        `SELECT toString(event_id) AS eventId, session_id AS sessionId, question_id AS questionId,
                question_number AS questionNumber, device_type AS deviceType,
                toUnixTimestamp64Milli(viewed_at) AS viewedAt,
                toUnixTimestamp64Milli(answered_at) AS answeredAt, time_spent_ms AS timeSpentMs,
                answer_changes AS answerChanges, final_answer AS finalAnswer,
                toUnixTimestamp64Milli(received_at) AS receivedAt
         FROM {db}.question_events FINAL WHERE startsWith(session_id, {prefix:String})
         ORDER BY question_number`,
        { prefix },
      );
      expect(stored).toEqual(rows);
    });

    it('stores session ids that spell a NULL as the text they are', async () => {
      const rows = ['\\N', 'NULL', '"\\N"'].map((sessionId, n) =>
        questionEventRow({ sessionId, questionId: `q${n + 1}`, questionNumber: n + 1, viewedAt: T0 + n }),
      );
      await store.insertQuestionEvents(rows);
      const stored = await store.select<{ sessionId: string }>(
        `SELECT session_id AS sessionId FROM {db}.question_events FINAL
         WHERE event_id IN {ids:Array(UUID)} ORDER BY question_number`,
        { ids: rows.map((r) => r.eventId) },
      );
      expect(stored.map((r) => r.sessionId)).toEqual(['\\N', 'NULL', '"\\N"']);
    });

    it('counts a redelivered event once', async () => {
      const row = questionEventRow();
      await store.insertQuestionEvents([row]);
      await store.insertQuestionEvents([row, row]);
      const [count] = await store.select<{ n: number }>(
        'SELECT count() AS n FROM {db}.question_events FINAL WHERE session_id = {session:String}',
        { session: row.sessionId },
      );
      expect(count?.n).toBe(1);
    });

    it('keeps the signed version of an assessment whichever arrives last', async () => {
      const drafted = assessmentRow();
      const signed = { ...drafted, stage: 2 as const, signedAt: T0 + 60_000, eventId: randomUUID() };
      await store.insertAssessments([signed]);
      await store.insertAssessments([drafted, drafted]);
      const rows = await store.select<{ stage: number; signed_ms: number | null }>(
        `SELECT stage, toUnixTimestamp64Milli(signed_at) AS signed_ms
         FROM {db}.assessments FINAL WHERE assessment_id = {id:UUID}`,
        { id: drafted.assessmentId },
      );
      expect(rows).toEqual([{ stage: 2, signed_ms: T0 + 60_000 }]);
    });

    it('stores the capacity-warning flag as 1, 0 or unknown (NULL)', async () => {
      const rows = [true, false, null].map((capacityWarning) => assessmentRow({ capacityWarning }));
      await store.insertAssessments(rows);
      const stored = await store.select<{ id: string; flag: number | null }>(
        `SELECT toString(assessment_id) AS id, capacity_warning AS flag FROM {db}.assessments FINAL
         WHERE assessment_id IN {ids:Array(UUID)}`,
        { ids: rows.map((r) => r.assessmentId) },
      );
      const flags = new Map(stored.map((r) => [r.id, r.flag]));
      expect(rows.map((r) => flags.get(r.assessmentId))).toEqual([1, 0, null]);
    });

    it("stores an assessment's link, or NULL without one, and keeps it when the signed row replaces the draft", async () => {
      const linked = assessmentRow({ linkId: `link-${randomUUID()}` });
      const signed = { ...linked, stage: 2 as const, signedAt: T0 + 60_000, eventId: randomUUID() };
      const plain = assessmentRow();
      await store.insertAssessments([linked, plain]);
      await store.insertAssessments([signed]);
      const stored = await store.select<{ id: string; stage: number; link: string | null }>(
        `SELECT toString(assessment_id) AS id, stage, link_id AS link FROM {db}.assessments FINAL
         WHERE assessment_id IN {ids:Array(UUID)}`,
        { ids: [linked.assessmentId, plain.assessmentId] },
      );
      expect(new Map(stored.map((r) => [r.id, [r.stage, r.link]]))).toEqual(
        new Map([
          [linked.assessmentId, [2, linked.linkId]],
          [plain.assessmentId, [1, null]],
        ]),
      );
    });

    it('stores the questionnaire version of assessments and question events, 1 for an event that names none', async () => {
      const assessment = assessmentRow({ questionnaireVersion: 2 });
      await store.insertAssessments([assessment]);
      const [stored] = await store.select<{ version: number }>(
        'SELECT questionnaire_version AS version FROM {db}.assessments FINAL WHERE assessment_id = {id:UUID}',
        { id: assessment.assessmentId },
      );
      expect(stored?.version).toBe(2);
      const named = questionEventRow({ questionnaireVersion: 3 });
      const unnamed = questionEventRow();
      await store.insertQuestionEvents([named, unnamed]);
      const events = await store.select<{ session: string; version: number }>(
        `SELECT session_id AS session, questionnaire_version AS version FROM {db}.question_events FINAL
         WHERE session_id IN {sessions:Array(String)}`,
        { sessions: [named.sessionId, unnamed.sessionId] },
      );
      expect(new Map(events.map((e) => [e.session, e.version]))).toEqual(
        new Map([
          [named.sessionId, 3],
          [unnamed.sessionId, 1],
        ]),
      );
    });

    it("stores a household's links exactly, once however often they are delivered", async () => {
      const householdId = randomUUID();
      const rows = ['a', 'b'].map((member) => ({
        linkId: `${member}-${randomUUID()}`,
        householdId,
        createdAt: T0,
        eventId: randomUUID(),
      }));
      await store.insertHouseholdLinks(rows);
      await store.insertHouseholdLinks([...rows, rows[0]!]);
      const stored = await store.select<Record<string, unknown>>(
        `SELECT link_id AS linkId, toString(household_id) AS householdId,
                toUnixTimestamp64Milli(created_at) AS createdAt, toString(event_id) AS eventId
         FROM {db}.household_links FINAL WHERE household_id = {h:UUID} ORDER BY link_id`,
        { h: householdId },
      );
      expect(stored).toEqual(rows);
    });

    it('binds parameters as data, never as SQL', async () => {
      const hostile = "x' OR 1=1 --";
      await store.insertQuestionEvents([questionEventRow({ sessionId: hostile })]);
      const rows = await store.select<{ n: number }>(
        'SELECT count() AS n FROM {db}.question_events FINAL WHERE session_id = {session:String}',
        { session: hostile },
      );
      expect(rows[0]?.n).toBe(1);
      const none = await store.select<{ n: number }>(
        'SELECT count() AS n FROM {db}.question_events FINAL WHERE session_id = {session:String}',
        { session: "nobody' OR '1'='1" },
      );
      expect(none[0]?.n).toBe(0);
    });

    it('applies its migrations once and keeps the data across a restart', async () => {
      const row = questionEventRow();
      await store.insertQuestionEvents([row]);
      await store.close();
      store = await fixture.open();
      const migrations = await store.select<{ id: string; n: number }>(
        'SELECT id, count() AS n FROM {db}.schema_migrations GROUP BY id',
      );
      expect(migrations.every((m) => m.n === 1)).toBe(true);
      expect(migrations.length).toBeGreaterThan(0);
      const kept = await store.select<{ n: number }>(
        'SELECT count() AS n FROM {db}.question_events FINAL WHERE session_id = {session:String}',
        { session: row.sessionId },
      );
      expect(kept[0]?.n).toBe(1);
    });

    it('lets the queries in flight finish before closing, and refuses new ones after', async () => {
      const sessionId = `s-${randomUUID()}`;
      const rows = Array.from({ length: 2_000 }, (_, i) =>
        questionEventRow({ sessionId, questionId: `q${(i % 18) + 1}`, questionNumber: (i % 18) + 1 }),
      );
      const writing = store.insertQuestionEvents(rows);
      const reading = store.select<{ n: number }>(
        'SELECT count() AS n FROM numbers(3000000) WHERE number % 7 = 0',
      );
      await store.close();
      await expect(writing).resolves.toBeUndefined();
      await expect(reading).resolves.toEqual([{ n: 428_572 }]);
      await expect(store.select('SELECT 1')).rejects.toBeInstanceOf(AnalyticsStoreClosedError);
      store = await fixture.open();
      const kept = await store.select<{ n: number }>(
        'SELECT count() AS n FROM {db}.question_events FINAL WHERE session_id = {session:String}',
        { session: sessionId },
      );
      expect(kept[0]?.n).toBe(2_000);
    });

    it("folds a session's view, answers and redeliveries into one row per question and one per session", async () => {
      const sessionId = `s-${randomUUID()}`;
      const view = questionEventRow({
        sessionId,
        answeredAt: null,
        timeSpentMs: 0,
        answerChanges: 0,
        finalAnswer: null,
      });
      const first = questionEventRow({
        sessionId,
        answeredAt: T0 + 3_000,
        timeSpentMs: 3_000,
        answerChanges: 0,
      });
      const changed = questionEventRow({
        sessionId,
        answeredAt: T0 + 9_000,
        timeSpentMs: 9_000,
        answerChanges: 2,
      });
      const next = questionEventRow({
        sessionId,
        questionId: 'q2',
        questionNumber: 2,
        viewedAt: T0 + 10_000,
        answeredAt: null,
        timeSpentMs: 0,
        answerChanges: 0,
        finalAnswer: null,
      });
      await store.insertQuestionEvents([view, first]);
      await store.insertQuestionEvents([changed, next]);
      await store.insertQuestionEvents([changed, view]); // redelivered
      const questions = await store.select<{
        question_number: number;
        question_id: string;
        first_ms: number;
        answered: number;
        time_spent_ms: number;
        answer_changes: number;
      }>(
        `SELECT question_number, question_id, toUnixTimestamp64Milli(first_viewed_at) AS first_ms,
                answered, time_spent_ms, answer_changes
         FROM {db}.session_questions FINAL WHERE session_key = ${sessionKeyOf('{session:String}')}
         ORDER BY question_number`,
        { session: sessionId },
      );
      expect(questions).toEqual([
        {
          question_number: 1,
          question_id: 'q1',
          first_ms: T0,
          answered: 1,
          time_spent_ms: 9_000,
          answer_changes: 2,
        },
        {
          question_number: 2,
          question_id: 'q2',
          first_ms: T0 + 10_000,
          answered: 0,
          time_spent_ms: 0,
          answer_changes: 0,
        },
      ]);
      const sessions = await store.select<{
        session_id: string;
        device_type: string;
        first_ms: number;
        last_ms: number;
      }>(
        `SELECT session_id, device_type, toUnixTimestamp64Milli(first_viewed_at) AS first_ms,
                toUnixTimestamp64Milli(last_activity_at) AS last_ms
         FROM {db}.sessions FINAL WHERE session_key = ${sessionKeyOf('{session:String}')}`,
        { session: sessionId },
      );
      expect(sessions).toEqual([
        { session_id: sessionId, device_type: 'mobile', first_ms: T0, last_ms: T0 + 10_000 },
      ]);
    });

    it('answers a ping while open', async () => {
      expect(await store.ping()).toBe(true);
    });
  });
}
