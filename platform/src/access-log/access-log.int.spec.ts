import { expect, it } from 'vitest';
import { migrate } from '../sql/migrations';
import type { SqlClient } from '../sql/sql-client.port';
import { freshDatabase, sqlTargets } from '../testing/sql';
import { describeTargets } from '../testing/targets';
import { type AccessEntry, appendAccess, migrateAccessLog } from './access-log';

// The table as notification's records migrations 001-003 left it before the platform took it over.
const NOTIFICATION_TABLE = [
  {
    id: '001-create-records',
    sql: `
      CREATE TABLE records_access_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        actor_email text NOT NULL,
        actor_role text NOT NULL CHECK (actor_role IN ('adviser', 'admin')),
        action text NOT NULL CHECK (action IN ('record-view', 'report-download', 'report-resend', 'export')),
        assessment_id uuid,
        ip_address text NOT NULL,
        detail text
      );
      CREATE INDEX records_access_log_by_assessment ON records_access_log (assessment_id, id DESC);
      CREATE INDEX records_access_log_by_actor ON records_access_log (lower(actor_email), id DESC);
      CREATE FUNCTION records_access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'records_access_log is append-only: % refused', TG_OP; END $$;
      CREATE TRIGGER records_access_log_no_change BEFORE UPDATE OR DELETE ON records_access_log
        FOR EACH ROW EXECUTE FUNCTION records_access_log_append_only();
      CREATE TRIGGER records_access_log_no_truncate BEFORE TRUNCATE ON records_access_log
        FOR EACH STATEMENT EXECUTE FUNCTION records_access_log_append_only();
    `,
  },
];

const entry = (action: AccessEntry['action'], assessmentId: string | null = null): AccessEntry => ({
  at: new Date('2026-11-28T00:00:00.000Z'),
  actorEmail: 'adviser@example.com',
  actorRole: 'adviser',
  action,
  assessmentId,
  ipAddress: '203.0.113.1',
  detail: 'household 0b6f3c2e-7d1a-4f3e-9c1b-2a4d5e6f7a8b',
});

async function expectAppendOnlyWithHouseholdViews(sql: SqlClient) {
  await appendAccess(
    sql,
    entry('household-view', '11111111-1111-4111-8111-111111111111'),
    entry('household-view', '22222222-2222-4222-8222-222222222222'),
  );
  const { rows } = await sql.query<{ action: string }>(
    "SELECT action FROM records_access_log WHERE action = 'household-view'",
  );
  expect(rows).toHaveLength(2);
  await expect(sql.query("UPDATE records_access_log SET detail = 'x'")).rejects.toThrow(/append-only/);
  await expect(sql.query('DELETE FROM records_access_log')).rejects.toThrow(/append-only/);
  await expect(sql.query('TRUNCATE records_access_log')).rejects.toThrow(/append-only/);
  await expect(
    sql.query(
      "INSERT INTO records_access_log (at, actor_email, actor_role, action, ip_address) VALUES (now(), 'a', 'adviser', 'made-up', '::1')",
    ),
  ).rejects.toThrow();
}

describeTargets(
  sqlTargets(),
  (target) => `the access log on an empty database, ${target.name}`,
  (target) => {
    const db = freshDatabase(target, async () => ({}));
    it('is created append-only, takes household views, and migrates once however often asked', async () => {
      await migrateAccessLog(db.sql);
      await migrateAccessLog(db.sql);
      await appendAccess(db.sql);
      await expectAppendOnlyWithHouseholdViews(db.sql);
    });
  },
);

describeTargets(
  sqlTargets(),
  (target) => `the access log notification's migrations made, ${target.name}`,
  (target) => {
    const db = freshDatabase(target, async () => ({}));
    it('keeps its entries and its trigger, and takes household views', async () => {
      await migrate(db.sql, 'old-notification-records', NOTIFICATION_TABLE);
      await appendAccess(db.sql, entry('record-view', '33333333-3333-4333-8333-333333333333'));
      await migrateAccessLog(db.sql);
      const { rows } = await db.sql.query("SELECT 1 FROM records_access_log WHERE action = 'record-view'");
      expect(rows).toHaveLength(1);
      await expectAppendOnlyWithHouseholdViews(db.sql);
    });
  },
);
