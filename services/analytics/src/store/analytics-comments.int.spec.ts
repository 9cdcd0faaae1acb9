import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics-store.adapter';

/** The docs' words as a tool shows them: without Markdown's code and bold marks, one line. */
const plain = (markdown: string): string =>
  markdown.replaceAll('`', '').replaceAll('**', '').replace(/\s+/g, ' ').trim();

interface DocumentedTable {
  /** The paragraph under the table's heading. */
  comment: string;
  columns: Map<string, string>;
}

/** Every `## \`analytics.<table>\`` section of the docs: its first paragraph and its column table. */
function documentedTables(markdown: string): Map<string, DocumentedTable> {
  const tables = new Map<string, DocumentedTable>();
  for (const section of markdown.split(/^## /m)) {
    const heading = /^`analytics\.(\w+)`\s*\n/.exec(section);
    if (!heading) continue;
    const body = section.slice(heading[0].length).trim();
    const columns = new Map<string, string>();
    for (const line of body.split('\n')) {
      const row = /^\| `(\w+)` \| .*? \| (.*) \|$/.exec(line);
      if (row) columns.set(row[1]!, plain(row[2]!));
    }
    tables.set(heading[1]!, { comment: plain(body.split('\n\n')[0]!), columns });
  }
  return tables;
}

const docs = documentedTables(
  readFileSync(new URL('../../../../docs/analytics-schema.md', import.meta.url), 'utf8'),
);

// chDB binds one data directory per process: this file uses one (vitest forks per file).
const dir = mkdtempSync(join(tmpdir(), 'analytics-comments-'));
let store: ClickHouseAnalyticsStore;

beforeAll(async () => {
  store = await ClickHouseAnalyticsStore.openEmbedded(join(dir, 'clickhouse'));
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ClickHouse comments from docs/analytics-schema.md', () => {
  it('the docs describe every table with its columns', () => {
    expect([...docs.keys()].sort()).toEqual([
      'assessments',
      'household_links',
      'question_events',
      'schema_migrations',
      'session_questions',
      'sessions',
    ]);
    for (const table of docs.values()) {
      expect(table.comment).not.toMatch(/^\|/);
      expect(table.columns.size).toBeGreaterThan(1);
    }
  });

  it("gives every documented column the docs' meaning as its comment", async () => {
    const rows = await store.select<{ table: string; name: string; comment: string }>(
      'SELECT table, name, comment FROM system.columns WHERE database = {d:String} ORDER BY table, position',
      { d: store.database },
    );
    const inStore = new Map(rows.map((row) => [`${row.table}.${row.name}`, row.comment]));
    for (const [table, { columns }] of docs) {
      for (const [column, meaning] of columns) {
        expect(inStore.has(`${table}.${column}`), `${table}.${column} is in the store`).toBe(true);
        expect(inStore.get(`${table}.${column}`), `${table}.${column}`).toBe(meaning);
      }
    }
    // And the other way round: every column of a documented table is documented, so its comment
    // cannot be missing.
    for (const row of rows) {
      if (docs.has(row.table)) {
        expect(docs.get(row.table)!.columns.has(row.name), `${row.table}.${row.name} is documented`).toBe(
          true,
        );
      }
    }
  });

  it('gives every documented table the paragraph under its heading as its comment', async () => {
    const rows = await store.select<{ name: string; comment: string }>(
      'SELECT name, comment FROM system.tables WHERE database = {d:String}',
      { d: store.database },
    );
    const inStore = new Map(rows.map((row) => [row.name, row.comment]));
    for (const [table, { comment }] of docs) expect(inStore.get(table), table).toBe(comment);
  });
});
