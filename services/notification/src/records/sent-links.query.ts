import type { RecordStatus, SentLink, SentLinkList } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';
import { DELIVERY_SELECT, type DeliveryColumns, toDelivery } from './record-delivery';
import { decodeCursor, encodeCursor } from './record-rules';
import { iso, type Time } from './record-time';

/** The links an adviser sent, newest first, each with its message's delivery and the assessment it led to. */
export async function listSentLinks(
  sql: SqlExecutor,
  adviserSlug: string | null,
  page: { cursor?: string; limit: number },
): Promise<SentLinkList> {
  const params: unknown[] = [adviserSlug];
  const p = (value: unknown) => `$${params.push(value)}`;
  let after = '';
  if (page.cursor) {
    const keyset = decodeCursor(page.cursor);
    after = `AND (l.requested_at, l.link_id) < (${p(keyset.at)}::timestamptz, ${p(keyset.id)})`;
  }
  const { rows } = await sql.query<
    DeliveryColumns & {
      link_id: string;
      client_name: string;
      client_email: string | null;
      client_phone: string | null;
      method: 'email' | 'sms';
      requested_at: Time;
      expires_at: Time;
      assessment_id: string | null;
      assessment_status: RecordStatus | null;
    }
  >(
    `SELECT l.link_id, l.client_name, l.client_email, l.client_phone, l.method, l.requested_at, l.expires_at,
       a.assessment_id, a.status AS assessment_status, d.*
     FROM records_links l
     LEFT JOIN LATERAL (
       SELECT ${DELIVERY_SELECT} FROM notification_deliveries WHERE event_id = l.event_id
       ORDER BY created_at DESC LIMIT 1
     ) AS d ON true
     LEFT JOIN LATERAL (
       SELECT assessment_id, status FROM records_assessments WHERE link_id = l.link_id AND restricted_at IS NULL
       ORDER BY started_at DESC LIMIT 1
     ) AS a ON true
     WHERE l.adviser_slug = $1 ${after}
     ORDER BY l.requested_at DESC, l.link_id DESC
     LIMIT ${p(page.limit + 1)}`,
    params,
  );
  const items: SentLink[] = rows.slice(0, page.limit).map((row) => ({
    linkId: row.link_id,
    clientName: row.client_name,
    clientEmail: row.client_email,
    clientPhone: row.client_phone,
    method: row.method,
    requestedAt: iso(row.requested_at),
    expiresAt: iso(row.expires_at),
    delivery: toDelivery(row),
    assessmentId: row.assessment_id,
    assessmentStatus: row.assessment_status,
  }));
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > page.limit && last ? encodeCursor({ at: last.requestedAt, id: last.linkId }) : null,
  };
}
