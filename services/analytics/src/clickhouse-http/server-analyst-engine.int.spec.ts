import { describeTarget } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyticsConfigSchema } from '../config';
import { type AnalystEngine, HttpAnalystEngine } from './analyst-engine';

// A ClickHouse server with the analyst user of deploy/clickhouse/users.d/analyst.xml (as
// docker-compose.yml starts it), whose password the tests are given.
const url = process.env.CLICKHOUSE_URL;
const password = process.env.CLICKHOUSE_ANALYST_PASSWORD;
const server = {
  name: 'a ClickHouse server',
  skipReason:
    url && password !== undefined
      ? undefined
      : 'no ClickHouse server configured (set CLICKHOUSE_URL and CLICKHOUSE_ANALYST_PASSWORD for its analyst user)',
};

describeTarget('HttpAnalystEngine: analyst queries as the server’s analyst user', server, () => {
  // The interface's defaults, which the analyst user's profile repeats.
  const defaults = analyticsConfigSchema.parse({});
  let engine: AnalystEngine;

  beforeAll(() => {
    const endpoint = {
      url: url!,
      user: process.env.CLICKHOUSE_ANALYST_USER ?? 'analyst',
      password: password!,
    };
    engine = new HttpAnalystEngine({
      endpoint: () => endpoint,
      // The analyst user may read this database only.
      database: process.env.CLICKHOUSE_DATABASE ?? 'analytics',
      concurrency: 2,
      maxExecutionSeconds: defaults.ANALYST_MAX_EXECUTION_SECONDS,
      description: 'the ClickHouse server',
    });
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('formats, explains and runs a query with parameters as the analyst user', async () => {
    const slot = engine.acquire()!;
    try {
      const sql = await slot.format('select {n:UInt8} + 1 as x');
      expect(sql).toBe('SELECT {n:UInt8} + 1 AS x');
      expect(await slot.explainAst(sql, { n: '41' })).toMatch(/^SelectWithUnionQuery/);
      const result = await slot.run({ sql, params: { n: '41' }, format: 'JSONEachRow' });
      const parts: Uint8Array[] = [];
      for await (const part of result.body) parts.push(part);
      expect(Buffer.concat(parts).toString()).toBe('{"x":42}\n');
    } finally {
      engine.release(slot);
    }
  });

  it("has the interface's limits in the user's profile, read-only", async () => {
    // 2: no writes, the settings fixed by the profile's constraints (deploy/clickhouse/users.d).
    expect(await engine.setting('readonly')).toBe('2');
    expect(await engine.setting('max_execution_time')).toBe(String(defaults.ANALYST_MAX_EXECUTION_SECONDS));
    expect(await engine.setting('max_result_rows')).toBe(String(defaults.ANALYST_MAX_RESULT_ROWS));
    expect(await engine.setting('max_result_bytes')).toBe(String(defaults.ANALYST_MAX_RESULT_BYTES));
    expect(await engine.setting('max_memory_usage')).toBe(String(defaults.ANALYST_MAX_MEMORY_BYTES));
    expect(await engine.setting('max_threads')).toBe(String(defaults.ANALYST_MAX_THREADS));
    expect(await engine.setting('no_such_setting')).toBeUndefined();
  });

  it('is refused by the server itself a write or a loosened limit, whatever the guard let through', async () => {
    const slot = engine.acquire()!;
    try {
      // The whole answer read, so an error after the first bytes counts too.
      const run = async (sql: string) => {
        const result = await slot.run({ sql, params: {}, format: 'TSV' });
        for await (const _ of result.body);
      };
      await expect(run('CREATE TABLE analyst_engine_probe (a UInt8) ENGINE = Memory')).rejects.toThrow(
        /readonly|Not enough privileges/i,
      );
      await expect(run('SELECT 1 SETTINGS max_execution_time = 0')).rejects.toThrow(
        /readonly|should not be changed|SETTING_CONSTRAINT_VIOLATION/i,
      );
      await expect(run('SELECT number FROM system.numbers LIMIT 2000000')).rejects.toThrow(
        /TOO_MANY_ROWS_OR_BYTES|Limit for result exceeded/i,
      );
    } finally {
      engine.release(slot);
    }
  });

  it('gives out at most its concurrency in slots', () => {
    const taken = [engine.acquire(), engine.acquire()];
    expect(taken.every(Boolean)).toBe(true);
    expect(engine.acquire()).toBeNull();
    for (const slot of taken) engine.release(slot!);
  });
});
