import type { DeliveryStatus, RecordDelivery } from '@risk-profile/contracts';

/**
 * A delivery as the records show it (contracts' recordDeliverySchema): the columns a query
 * selects with DELIVERY_SELECT, each prefixed `d_`, and the delivery they make.
 */
type Time = Date | string;
const iso = (value: Time): string => new Date(value).toISOString();
const isoOrNull = (value: Time | null): string | null => (value === null ? null : iso(value));

export interface DeliveryColumns {
  d_id: string | null;
  d_kind: RecordDelivery['kind'];
  d_recipient_role: RecordDelivery['recipientRole'];
  d_channel: RecordDelivery['channel'];
  d_recipient: string;
  d_status: DeliveryStatus;
  d_created_at: Time;
  d_sent_at: Time | null;
  d_failed_at: Time | null;
  d_resend: boolean;
  d_requested_by: string | null;
}

/** A message the outbox transport wrote to a file is saved, not sent. */
export const DELIVERY_STATUS = "CASE WHEN status = 'sent' AND saved_to_outbox THEN 'saved' ELSE status END";

export const DELIVERY_SELECT = `id AS d_id, kind AS d_kind, recipient_role AS d_recipient_role, channel AS d_channel,
  recipient AS d_recipient, ${DELIVERY_STATUS} AS d_status, created_at AS d_created_at, sent_at AS d_sent_at,
  failed_at AS d_failed_at, resend AS d_resend, requested_by AS d_requested_by`;

export function toDelivery(row: DeliveryColumns): RecordDelivery | null {
  if (row.d_id === null) return null;
  return {
    id: row.d_id,
    kind: row.d_kind,
    recipientRole: row.d_recipient_role,
    channel: row.d_channel,
    recipient: row.d_recipient,
    status: row.d_status,
    createdAt: iso(row.d_created_at),
    sentAt: isoOrNull(row.d_sent_at),
    failedAt: isoOrNull(row.d_failed_at),
    resend: row.d_resend,
    requestedBy: row.d_requested_by,
  };
}
