import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assessmentRow } from '../testing/analytics-store.contract';
import { ANALYTICS_MIGRATIONS } from './analytics-schema.migrations';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics-store.adapter';

// chDB binds one data directory per process: this file uses one (vitest forks per file).
const dir = mkdtempSync(join(tmpdir(), 'analytics-households-upgrade-'));
const path = join(dir, 'clickhouse');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BEFORE_HOUSEHOLDS = ANALYTICS_MIGRATIONS.findIndex((m) => m.id === '009-households');

describe('an analytics store upgraded to households (migration 009)', () => {
  it('leaves the link of assessments stored before it unknown, and stores links and households from then on', async () => {
    expect(BEFORE_HOUSEHOLDS).toBe(8);
    const old = await ClickHouseAnalyticsStore.openEmbedded(
      path,
      'households',
      ANALYTICS_MIGRATIONS.slice(0, BEFORE_HOUSEHOLDS),
    );
    const before = assessmentRow({ linkId: 'stored-before-009' });
    // The new writer on the old table: the link it has no column for is dropped, not an error.
    await old.insertAssessments([before]);
    await old.close();

    const store = await ClickHouseAnalyticsStore.openEmbedded(path, 'households');
    try {
      const after = assessmentRow({ linkId: 'stored-after-009' });
      await store.insertAssessments([after]);
      const householdId = randomUUID();
      await store.insertHouseholdLinks(
        ['stored-before-009', 'stored-after-009'].map((linkId) => ({
          linkId,
          householdId,
          createdAt: Date.now(),
          eventId: randomUUID(),
        })),
      );
      const rows = await store.select<{ id: string; link: string | null; in_household: number }>(
        `SELECT toString(assessment_id) AS id, link_id AS link,
                ifNull(link_id IN (SELECT link_id FROM {db}.household_links), 0) AS in_household
         FROM {db}.assessments FINAL`,
      );
      // The assessment stored before knows no link, so it is in no household's share.
      expect(new Map(rows.map((r) => [r.id, [r.link, r.in_household]]))).toEqual(
        new Map([
          [before.assessmentId, [null, 0]],
          [after.assessmentId, ['stored-after-009', 1]],
        ]),
      );
    } finally {
      await store.close();
    }
  });

  it("comments the new column and table, and keeps migration 008's", async () => {
    const store = await ClickHouseAnalyticsStore.openEmbedded(path, 'households');
    try {
      const columns = await store.select<{ column: string; comment: string }>(
        `SELECT concat(table, '.', name) AS column, comment FROM system.columns
         WHERE database = 'households' AND name IN ('link_id', 'capacity_warning', 'household_id')`,
      );
      expect(columns.map((c) => c.column).sort()).toEqual([
        'assessments.capacity_warning',
        'assessments.link_id',
        'household_links.household_id',
        'household_links.link_id',
      ]);
      for (const { column, comment } of columns) expect(comment, column).not.toBe('');
      const [table] = await store.select<{ comment: string }>(
        "SELECT comment FROM system.tables WHERE database = 'households' AND name = 'household_links'",
      );
      expect(table?.comment).toMatch(/^One row per household member's questionnaire link/);
    } finally {
      await store.close();
    }
  });

  it('runs again harmlessly after a start that died half-way through it', async () => {
    const again = { ...ANALYTICS_MIGRATIONS[BEFORE_HOUSEHOLDS]!, id: '009-households-again' };
    const store = await ClickHouseAnalyticsStore.openEmbedded(path, 'households', [
      ...ANALYTICS_MIGRATIONS,
      again,
    ]);
    try {
      const [links] = await store.select<{ n: number }>(
        'SELECT count() AS n FROM {db}.household_links FINAL',
      );
      expect(links?.n).toBe(2);
    } finally {
      await store.close();
    }
  });
});
