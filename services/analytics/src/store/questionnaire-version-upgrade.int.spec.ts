import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assessmentRow, questionEventRow } from '../testing/analytics-store.contract';
import { ANALYTICS_MIGRATIONS, sessionKeyOf } from './analytics-schema.migrations';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics-store.adapter';

// chDB binds one data directory per process: this file uses one (vitest forks per file).
const dir = mkdtempSync(join(tmpdir(), 'analytics-version-upgrade-'));
const path = join(dir, 'clickhouse');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DATABASE = 'versions';
const BEFORE_VERSIONS = ANALYTICS_MIGRATIONS.findIndex((m) => m.id === '010-questionnaire-version');
const open = (migrations = ANALYTICS_MIGRATIONS) =>
  ClickHouseAnalyticsStore.openEmbedded(path, DATABASE, migrations);

/** Each session's questionnaire version in session_questions (the dashboard's filter reads it). */
async function foldedVersions(store: ClickHouseAnalyticsStore, sessions: string[]) {
  const versions = new Map<string, number>();
  for (const session of sessions) {
    const rows = await store.select<{ version: number }>(
      `SELECT questionnaire_version AS version FROM {db}.session_questions FINAL
       WHERE session_key = ${sessionKeyOf('{session:String}')}`,
      { session },
    );
    expect(rows, session).toHaveLength(1);
    versions.set(session, rows[0]!.version);
  }
  return versions;
}

const before = assessmentRow({ questionnaireVersion: 2 });
const after = assessmentRow({ questionnaireVersion: 2 });
const SESSIONS = { before: `s-${randomUUID()}`, after: `s-${randomUUID()}`, unnamed: `s-${randomUUID()}` };
/** Each session's version once folded: what was stored before the upgrade, and what named none, is 1. */
const FOLDED = new Map([
  [SESSIONS.before, 1],
  [SESSIONS.after, 2],
  [SESSIONS.unnamed, 1],
]);

describe('an analytics store upgraded to questionnaire versions (migration 010)', () => {
  it('reads what was stored before it as version 1, and stores and folds the version from then on', async () => {
    expect(BEFORE_VERSIONS).toBe(9);
    const old = await open(ANALYTICS_MIGRATIONS.slice(0, BEFORE_VERSIONS));
    // The new writer on the old tables: the version they have no column for is left out, not an error.
    await old.insertAssessments([before]);
    await old.insertQuestionEvents([
      questionEventRow({ sessionId: SESSIONS.before, questionnaireVersion: 2 }),
    ]);
    await old.close();

    const store = await open();
    try {
      await store.insertAssessments([after]);
      await store.insertQuestionEvents([
        questionEventRow({ sessionId: SESSIONS.after, questionnaireVersion: 2 }),
        questionEventRow({ sessionId: SESSIONS.unnamed }),
      ]);
      const rows = await store.select<{ id: string; version: number }>(
        `SELECT toString(assessment_id) AS id, questionnaire_version AS version
         FROM {db}.assessments FINAL`,
      );
      expect(new Map(rows.map((r) => [r.id, r.version]))).toEqual(
        new Map([
          [before.assessmentId, 1],
          [after.assessmentId, 2],
        ]),
      );
      // The view folds the new column from the first insert after the upgrade.
      expect(await foldedVersions(store, Object.values(SESSIONS))).toEqual(FOLDED);
    } finally {
      await store.close();
    }
  });

  it('comments the new columns, and keeps the comments of the columns before them', async () => {
    const store = await open();
    try {
      const columns = await store.select<{ column: string; comment: string }>(
        `SELECT concat(table, '.', name) AS column, comment FROM system.columns
         WHERE database = {d:String} AND name IN ('questionnaire_version', 'answer_changes', 'link_id')
           AND table IN (SELECT name FROM system.tables WHERE database = {d:String} AND engine != 'MaterializedView')`,
        { d: DATABASE },
      );
      expect(columns.map((c) => c.column).sort()).toEqual([
        'assessments.link_id',
        'assessments.questionnaire_version',
        'household_links.link_id',
        'question_events.answer_changes',
        'question_events.questionnaire_version',
        'session_questions.answer_changes',
        'session_questions.questionnaire_version',
      ]);
      for (const { column, comment } of columns) expect(comment, column).not.toBe('');
    } finally {
      await store.close();
    }
  });

  it('runs again harmlessly after a start that died half-way through it', async () => {
    const again = { ...ANALYTICS_MIGRATIONS[BEFORE_VERSIONS]!, id: '010-questionnaire-version-again' };
    const store = await open([...ANALYTICS_MIGRATIONS, again]);
    try {
      await store.insertQuestionEvents([
        questionEventRow({ sessionId: SESSIONS.after, questionnaireVersion: 2 }),
      ]);
      expect(await foldedVersions(store, Object.values(SESSIONS))).toEqual(FOLDED);
    } finally {
      await store.close();
    }
  });
});
