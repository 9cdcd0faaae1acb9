import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assessmentDraftedV1, integrationEventKey, topicOf } from '@risk-profile/contracts';
import { openSessions, PgliteSqlClient, type SqlClient } from '@risk-profile/platform';
import {
  eventually,
  type ServiceUnderTest,
  staffCookie,
  startServiceUnderTest,
} from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationConfigSchema } from '../config';
import { createNotificationService } from '../index';

// Issue 42, item 6: at 9:34 am on 28 November in Sydney (still the 27th in UTC) the exports were
// named for UTC's day, 2026-11-27, where the report's file name and every page say the 28th. An
// export is named for the day in the firm's zone (REPORT_TIME_ZONE).
const NOW = Date.parse('2026-11-27T22:34:00.000Z');

describe("the exports' file names", () => {
  let sql: SqlClient;
  let dataDir: string;
  let service: ServiceUnderTest;
  let admin: string;
  const get = (path: string) => fetch(`${service.url}${path}`, { headers: { cookie: admin } });

  beforeAll(async () => {
    sql = await PgliteSqlClient.open();
    dataDir = mkdtempSync(join(tmpdir(), 'export-file-names-'));
    const sessions = await openSessions(sql, { secret: 's'.repeat(40), publicUrl: 'http://localhost' });
    const config = notificationConfigSchema.parse({
      REPORT_TIME_ZONE: 'Australia/Sydney',
      DATA_DIR: dataDir,
    });
    const started = Date.now();
    service = await startServiceUnderTest(
      sql,
      (deps) => createNotificationService(deps, config, { sessions: sessions.verifier }),
      { clock: () => new Date(NOW + (Date.now() - started)), background: true },
    );
    admin = await staffCookie(
      sql,
      { tokens: sessions.tokens, cookieName: sessions.cookie.name },
      { role: 'admin', adviserSlug: null, email: 'admin@example.com' },
    );
  });
  afterAll(async () => {
    await service?.stop();
    await sql?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("name the assessments' CSV for the firm's day, not UTC's", async () => {
    const res = await get('/api/admin/assessments.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="assessments-2026-11-28.csv"');
  });

  it("name a client's data ZIP for the firm's day, not UTC's", async () => {
    const drafted = assessmentDraftedV1.parse({
      id: randomUUID(),
      type: 'AssessmentDrafted',
      version: 1,
      occurredAt: '2026-11-27T22:00:00.000Z',
      correlationId: 'req-draft',
      causationId: null,
      data: {
        assessmentId: randomUUID(),
        clientName: 'Nora Names',
        clientEmail: 'nora.names@example.com',
        clientPhone: null,
        adviserSlug: null,
        riskScore: 36,
        riskGroup: 3,
        originalProfile: 'Balanced',
        selectedProfile: 'Balanced',
        profileChanged: false,
        sessionId: null,
        deviceType: 'desktop',
        createdAt: '2026-11-27T22:00:00.000Z',
      },
    });
    await service.bus.publish(topicOf(drafted), [
      { id: drafted.id, key: integrationEventKey(drafted), value: drafted },
    ]);
    const res = await eventually(async () => {
      const found = await get('/api/admin/data-requests/export.zip?email=nora.names%40example.com');
      if (found.status === 404) throw new Error('not projected yet');
      return found;
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="client-data-2026-11-28.zip"');
  });
});
