import { type AccessLogAction, type AccessLogEntry, displayIpAddress } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';
import { decodeCursor, encodeCursor, SERIAL_KEY } from './record-rules';
import { iso, type Time } from './record-time';

/**
 * The access log as administrators read it. Every service appends to it through the platform
 * (`appendAccess`, platform/src/access-log): this service serves it.
 */

/** The access log, newest first, filtered by actor (email, any case), action and assessment. */
export async function readAccessLog(
  sql: SqlExecutor,
  filter: { actor?: string; action?: AccessLogAction; assessment?: string },
  page: { cursor?: string; limit: number },
): Promise<{ items: AccessLogEntry[]; nextCursor: string | null }> {
  const params: unknown[] = [];
  const p = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  if (filter.actor) where.push(`lower(actor_email) = ${p(filter.actor.toLowerCase())}`);
  if (filter.action) where.push(`action = ${p(filter.action)}`);
  if (filter.assessment) where.push(`assessment_id = ${p(filter.assessment)}::uuid`);
  if (page.cursor) {
    const after = decodeCursor(page.cursor, SERIAL_KEY);
    where.push(`id < ${p(after.id)}::bigint`);
  }
  const { rows } = await sql.query<{
    id: string | number;
    at: Time;
    actor_email: string;
    actor_role: 'adviser' | 'admin';
    action: AccessLogAction;
    assessment_id: string | null;
    ip_address: string;
    detail: string | null;
  }>(
    `SELECT id, at, actor_email, actor_role, action, assessment_id, ip_address, detail FROM records_access_log
     ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY id DESC LIMIT ${p(page.limit + 1)}`,
    params,
  );
  const items: AccessLogEntry[] = rows.slice(0, page.limit).map((row) => ({
    id: String(row.id),
    at: iso(row.at),
    actorEmail: row.actor_email,
    actorRole: row.actor_role,
    action: row.action,
    assessmentId: row.assessment_id,
    ipAddress: displayIpAddress(row.ip_address),
    detail: row.detail,
  }));
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > page.limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
  };
}
