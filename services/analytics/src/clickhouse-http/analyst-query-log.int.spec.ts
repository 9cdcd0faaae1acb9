import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterEach, expect, it } from 'vitest';
import { AnalystQueryLog } from './analyst-query-log';

const QUERIES = 250;
const PAGE = 7;
const START = Date.parse('2026-11-25T10:00:00Z');

describeTargets(
  sqlTargets(),
  (target) => `the analyst query log on ${target.name}`,
  (target) => {
    let sql: SqlClient | undefined;
    afterEach(async () => {
      await sql?.close();
      sql = undefined;
    });

    async function logOf(count: number): Promise<AnalystQueryLog> {
      sql = await target.open();
      const log = await AnalystQueryLog.create(sql);
      for (let i = 1; i <= count; i++) {
        await log.append({
          at: new Date(START + i * 1_000),
          analystId: 'analyst-1',
          analystEmail: 'analyst@example.com',
          query: `SELECT ${i}`,
          format: 'JSON',
          outcome: 'ok',
          errorCode: null,
          error: null,
          rows: 1,
          elapsedMs: 3,
        });
      }
      return log;
    }

    it('pages through every query exactly once, newest first, by numeric id (past 9, 99 and 100)', async () => {
      const log = await logOf(QUERIES);
      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const page = await log.list(PAGE, cursor);
        expect(page.items.length).toBeLessThanOrEqual(PAGE);
        pages.push(page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
        expect(pages.length).toBeLessThanOrEqual(Math.ceil(QUERIES / PAGE));
      } while (cursor);

      const ids = pages.flat().map(Number);
      expect(ids).toHaveLength(QUERIES);
      expect(new Set(ids).size).toBe(QUERIES);
      for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeLessThan(ids[i - 1]!);
      expect(pages[0]![0]).toBe(String(Math.max(...ids)));
      expect(pages.slice(0, -1).every((page) => page.length === PAGE)).toBe(true);

      // The first page holds the newest queries, by time as well as by id.
      const [first] = (await log.list(PAGE)).items;
      expect(first?.query).toBe(`SELECT ${QUERIES}`);
      expect(first?.at).toBe(new Date(START + QUERIES * 1_000).toISOString());
    });

    it('answers the page after a cursor whatever its magnitude, and the newest page for a cursor past every id', async () => {
      const log = await logOf(120);
      const after = async (cursor: string) => (await log.list(3, cursor)).items.map((item) => item.id);
      expect(await after('101')).toEqual(['100', '99', '98']);
      expect(await after('10')).toEqual(['9', '8', '7']);
      expect(await log.list(3, '1')).toEqual({ items: [], nextCursor: null });
      expect(await after('9223372036854775807')).toEqual(['120', '119', '118']);
      expect(await after('9999999999999999999')).toEqual(['120', '119', '118']);
    });
  },
);
