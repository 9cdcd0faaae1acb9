import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { displaySettingsSchema, ENDPOINT_ROUTES } from '@risk-profile/contracts';
import { PgliteSqlClient, type SqlClient } from '@risk-profile/platform';
import { type ServiceUnderTest, startServiceUnderTest } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationConfigSchema } from '../config';
import { createNotificationService } from '../index';

// Issue 42, item 6: the pages write every date in the firm's zone, which they learn from the
// server (never the browser's zone): GET /api/display-settings answers REPORT_TIME_ZONE.
describe('GET /api/display-settings', () => {
  let sql: SqlClient;
  let dataDir: string;
  const services: ServiceUnderTest[] = [];

  const start = async (env: Record<string, string>) => {
    const config = notificationConfigSchema.parse({ DATA_DIR: dataDir, ...env });
    const service = await startServiceUnderTest(sql, (deps) => createNotificationService(deps, config));
    services.push(service);
    return service;
  };

  beforeAll(async () => {
    sql = await PgliteSqlClient.open();
    dataDir = mkdtempSync(join(tmpdir(), 'display-settings-'));
  });
  afterAll(async () => {
    for (const service of services) await service.stop();
    await sql?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers the firm's zone to anyone, as the contract says", async () => {
    const perth = await start({ REPORT_TIME_ZONE: 'Australia/Perth' });
    const res = await fetch(`${perth.url}${ENDPOINT_ROUTES.displaySettings.path}`);
    expect(res.status).toBe(200);
    expect(displaySettingsSchema.parse(await res.json())).toEqual({ timeZone: 'Australia/Perth' });
  });

  it('answers the default zone when none is configured', async () => {
    const service = await start({});
    const res = await fetch(`${service.url}${ENDPOINT_ROUTES.displaySettings.path}`);
    expect(await res.json()).toEqual({ timeZone: 'Australia/Sydney' });
  });
});
