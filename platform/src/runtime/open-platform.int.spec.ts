import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../event-bus/event-bus.port';
import { silentLogger } from '../logging/logger';
import { eventually } from '../testing/eventually';
import { openPlatform, pollIntervalFor } from './open-platform';
import { platformConfigSchema } from './platform-config';

const dir = mkdtempSync(join(tmpdir(), 'open-platform-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded platform (PGlite)', () => {
  it('polls only as a safety net, and a publish still reaches an idle consumer at once', async () => {
    const platform = await openPlatform(platformConfigSchema.parse({ DATA_DIR: dir }), silentLogger());
    try {
      expect(platform.pollIntervalMs).toBe(5_000);
      const seen: BusMessage[] = [];
      await platform.bus.subscribe({
        groupId: 'open-platform-test',
        topics: ['open-platform-test'],
        handler: async (message) => {
          seen.push(message);
        },
      });
      // Long enough for the consumer to have backed off past a second between polls.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await platform.bus.publish('open-platform-test', [{ id: 'm-1', key: 'k', value: { n: 1 } }]);
      // Well within the 5 s the consumer would wait for its next poll: the publish woke it.
      await eventually(async () => expect(seen.map((m) => m.id)).toEqual(['m-1']), 1_000);
    } finally {
      await platform.close();
    }
  });

  it('vacuums its own tables, as PostgreSQL autovacuum would (PGlite has none)', async () => {
    const config = platformConfigSchema.parse({
      DATA_DIR: join(dir, 'vacuum'),
      EMBEDDED_AUTOVACUUM_INTERVAL_MS: '200',
    });
    const platform = await openPlatform(config, silentLogger());
    try {
      await platform.sql.query('CREATE TABLE churn (id int PRIMARY KEY)');
      await platform.sql.query('INSERT INTO churn SELECT g FROM generate_series(1, 1500) g');
      await eventually(async () => {
        const { rows } = await platform.sql.query<{ vacuums: number; analyzes: number }>(
          "SELECT vacuum_count::int AS vacuums, analyze_count::int AS analyzes FROM pg_stat_all_tables WHERE relname = 'churn'",
        );
        expect(rows[0]).toEqual({ vacuums: 1, analyzes: 1 });
      });
    } finally {
      await platform.close();
    }
  });
});

describe('pollIntervalFor', () => {
  it('polls every 5 s only where no other process can write', () => {
    expect(pollIntervalFor({})).toBe(5_000);
    expect(pollIntervalFor({ DATABASE_URL: 'postgres://db/riskprofile' })).toBeUndefined();
    expect(pollIntervalFor({ KURRENTDB_URL: 'kurrentdb://events:2113' })).toBeUndefined();
  });
});
