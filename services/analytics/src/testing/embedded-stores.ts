import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgliteSqlClient, type SqlClient } from '@risk-profile/platform';
import { afterAll, beforeAll } from 'vitest';
import { ClickHouseAnalyticsStore } from '../store/clickhouse-analytics-store.adapter';

export interface EmbeddedStores {
  /** The test file's folder (its DATA_DIR): chDB binds one data directory per process. */
  readonly dir: string;
  readonly sql: SqlClient;
  readonly store: ClickHouseAnalyticsStore;
}

/**
 * PGlite and chDB in a new folder for one test file, opened before its suite and closed (the
 * folder deleted) after it; a suite's own later `afterAll`, which runs first, stops what uses them.
 */
export function embeddedStores(prefix: string): EmbeddedStores {
  const stores = { dir: mkdtempSync(join(tmpdir(), prefix)) } as {
    -readonly [K in keyof EmbeddedStores]: EmbeddedStores[K];
  };
  beforeAll(async () => {
    stores.sql = await PgliteSqlClient.open();
    stores.store = await ClickHouseAnalyticsStore.openEmbedded(join(stores.dir, 'clickhouse'));
  });
  afterAll(async () => {
    await stores.store?.close();
    await stores.sql?.close();
    rmSync(stores.dir, { recursive: true, force: true });
  });
  return stores;
}
