import type { AccessLogAction } from '@risk-profile/contracts';
import { type Migration, migrate } from '../sql/migrations';
import type { SqlClient, SqlExecutor } from '../sql/sql-client.port';

/*
 * The access log: who viewed, downloaded, resent or exported what, and from where. One table
 * for the whole product, so an administrator reads one log whichever service served the view;
 * each service appends its own entries here, and the notification service serves the log to
 * administrators (docs/records.md, "The access log").
 */

/**
 * The table began in notification's records migrations (001-003), so this applies over a
 * database where they created it as well as over an empty one: every statement is conditional or
 * replaces what was there. The trigger refuses every UPDATE, DELETE and TRUNCATE (its function on
 * one line: the migration runner splits statements at a semicolon that ends a line).
 */
export const ACCESS_LOG_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-access-log',
    sql: `
      CREATE TABLE IF NOT EXISTS records_access_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        actor_email text NOT NULL,
        actor_role text NOT NULL CHECK (actor_role IN ('adviser', 'admin')),
        action text NOT NULL,
        assessment_id uuid,
        ip_address text NOT NULL,
        detail text
      );
      CREATE INDEX IF NOT EXISTS records_access_log_by_assessment ON records_access_log (assessment_id, id DESC);
      CREATE INDEX IF NOT EXISTS records_access_log_by_actor ON records_access_log (lower(actor_email), id DESC);
      ALTER TABLE records_access_log DROP CONSTRAINT IF EXISTS records_access_log_action_check;
      ALTER TABLE records_access_log ADD CONSTRAINT records_access_log_action_check
        CHECK (action IN ('record-view', 'report-download', 'report-resend', 'export', 'subject-export', 'household-view'));
      CREATE OR REPLACE FUNCTION records_access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'records_access_log is append-only: % refused', TG_OP; END $$;
      DROP TRIGGER IF EXISTS records_access_log_no_change ON records_access_log;
      CREATE TRIGGER records_access_log_no_change BEFORE UPDATE OR DELETE ON records_access_log
        FOR EACH ROW EXECUTE FUNCTION records_access_log_append_only();
      DROP TRIGGER IF EXISTS records_access_log_no_truncate ON records_access_log;
      CREATE TRIGGER records_access_log_no_truncate BEFORE TRUNCATE ON records_access_log
        FOR EACH STATEMENT EXECUTE FUNCTION records_access_log_append_only();
    `,
  },
];

/** Every service that appends to or reads the log runs this first; concurrent starters are serialised. */
export async function migrateAccessLog(sql: SqlClient): Promise<void> {
  await migrate(sql, 'access-log', ACCESS_LOG_MIGRATIONS);
}

export interface AccessEntry {
  at: Date;
  actorEmail: string;
  actorRole: 'adviser' | 'admin';
  action: AccessLogAction;
  /** The assessment concerned; null for what concerns none (an export of a list). */
  assessmentId: string | null;
  ipAddress: string;
  detail?: string | null;
}

/**
 * Appends entries in one statement. Callers append before the answer goes, so a view whose entry
 * could not be written is never served.
 */
export async function appendAccess(sql: SqlExecutor, ...entries: readonly AccessEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const params: unknown[] = [];
  const p = (value: unknown) => `$${params.push(value)}`;
  const rows = entries.map(
    (entry) =>
      `(${[
        p(entry.at.toISOString()),
        p(entry.actorEmail),
        p(entry.actorRole),
        p(entry.action),
        p(entry.assessmentId),
        p(entry.ipAddress),
        p(entry.detail ?? null),
      ].join(', ')})`,
  );
  await sql.query(
    `INSERT INTO records_access_log (at, actor_email, actor_role, action, assessment_id, ip_address, detail)
     VALUES ${rows.join(', ')}`,
    params,
  );
}
