import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, PgliteSqlClient } from '@risk-profile/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupRefusal } from '../start-embedded';
import { OPS_FILE, type OpsFile, type OpsServer, startOpsServer } from './ops-server';

describe('the ops endpoint of a product whose bus or events are outside DATA_DIR', () => {
  let dataDir: string;
  let sql: PgliteSqlClient;
  let ops: OpsServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ops-refusal-'));
    sql = await PgliteSqlClient.open();
    ops = await startOpsServer({
      dataDir,
      port: 0,
      logger: createLogger('ops', 'silent'),
      refusal: backupRefusal({ KAFKA_BROKERS: ['127.0.0.1:9092'] }),
      sources: { dataDir, sql, exclude: [OPS_FILE] },
    });
  });
  afterAll(async () => {
    await ops?.stop();
    await sql?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses every backup (409), saying why, and writes nothing', async () => {
    const { port, token } = JSON.parse(readFileSync(join(dataDir, OPS_FILE), 'utf8')) as OpsFile;
    const res = await fetch(`http://127.0.0.1:${port}/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: expect.stringContaining('its event bus on Kafka, outside DATA_DIR'),
    });
    expect(readdirSync(dataDir)).toEqual([OPS_FILE]);
    // Still the token first: without it, nothing is said about the product.
    const without = await fetch(`http://127.0.0.1:${port}/backup`, { method: 'POST' });
    expect(without.status).toBe(401);
  });

  it('names each store kept outside, and nothing when everything is in DATA_DIR', () => {
    expect(backupRefusal({ KAFKA_BROKERS: [] })).toBeUndefined();
    expect(backupRefusal({ KURRENTDB_URL: 'kurrentdb://db:2113', KAFKA_BROKERS: ['k:9092'] })).toContain(
      'its events in KurrentDB and its event bus on Kafka',
    );
  });
});
