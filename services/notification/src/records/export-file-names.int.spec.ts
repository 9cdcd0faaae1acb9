import { PgliteSqlClient, type SqlClient } from '@risk-profile/platform';
import { eventually } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftedAssessment } from '../testing/fixtures';
import { type NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';

// Issue 42, item 6: at 9:34 am on 28 November in Sydney (still the 27th in UTC) the exports were
// named for UTC's day, 2026-11-27, where the report's file name and every page say the 28th. An
// export is named for the day in the firm's zone (REPORT_TIME_ZONE).
const NOW = Date.parse('2026-11-27T22:34:00.000Z');

describe("the exports' file names", () => {
  let sql: SqlClient;
  let service: NotificationUnderTest;
  let admin: string;
  const get = (path: string) => fetch(`${service.url}${path}`, { headers: { cookie: admin } });

  beforeAll(async () => {
    sql = await PgliteSqlClient.open();
    const started = Date.now();
    service = await startNotificationUnderTest(
      sql,
      { REPORT_TIME_ZONE: 'Australia/Sydney' },
      { clock: () => new Date(NOW + (Date.now() - started)) },
    );
    admin = await service.signIn('admin', null, 'admin@example.com');
  });
  afterAll(async () => {
    await service?.stop();
    await sql?.close();
  });

  it("name the assessments' CSV for the firm's day, not UTC's", async () => {
    const res = await get('/api/admin/assessments.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="assessments-2026-11-28.csv"');
  });

  it("name a client's data ZIP for the firm's day, not UTC's", async () => {
    const drafted = draftedAssessment('2026-11-27T22:00:00.000Z', {
      clientName: 'Nora Names',
      clientEmail: 'nora.names@example.com',
      deviceType: 'desktop',
    });
    await service.publish(drafted);
    const res = await eventually(async () => {
      const found = await get('/api/admin/data-requests/export.zip?email=nora.names%40example.com');
      if (found.status === 404) throw new Error('not projected yet');
      return found;
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="client-data-2026-11-28.zip"');
  });
});
