import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeTarget } from '@risk-profile/platform/testing';
import { analyticsStoreContract } from './analytics-store.contract';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics-store.adapter';

// chDB binds one data directory per process: this file uses one (vitest runs each file in its
// own forked process).
const dir = mkdtempSync(join(tmpdir(), 'analytics-store-'));

analyticsStoreContract('ClickHouseAnalyticsStore on chDB', async () => ({
  open: () => ClickHouseAnalyticsStore.openEmbedded(join(dir, 'clickhouse')),
  cleanup: async () => rmSync(dir, { recursive: true, force: true }),
}));

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
});
