import type { Migration } from '@risk-profile/platform';

/**
 * One row per message the service owes someone: keyed by the event that asked for it and the
 * recipient's role, so a redelivered event cannot add a second. `content` is what the message is
 * made from (the event's data); it is set to null an hour after the message was sent or failed,
 * and the rest of the row stays as the audit trail.
 */
export const DELIVERY_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-notification-deliveries',
    sql: `
      CREATE TABLE notification_deliveries (
        id uuid PRIMARY KEY,
        event_id text NOT NULL,
        recipient_role text NOT NULL CHECK (recipient_role IN ('adviser', 'client')),
        kind text NOT NULL CHECK (kind IN ('adviser-report', 'client-report', 'client-sms', 'link-email', 'link-sms')),
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        recipient text NOT NULL,
        subject text,
        content jsonb,
        status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        last_error text,
        provider_message_id text,
        created_at timestamptz NOT NULL,
        sent_at timestamptz,
        failed_at timestamptz,
        purged_at timestamptz,
        CONSTRAINT notification_deliveries_once UNIQUE (event_id, recipient_role)
      );
      CREATE INDEX notification_deliveries_due ON notification_deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX notification_deliveries_to_purge ON notification_deliveries (created_at) WHERE content IS NOT NULL AND status <> 'pending';
    `,
  },
  {
    // A client copy beyond the daily cap per recipient is recorded as `suppressed`, never sent
    // (client-copy-cap.ts); the index finds a recipient's copies of the last day, whatever the
    // case of an email or the spacing of a number.
    id: '002-suppressed-client-copies',
    sql: `
      ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_status_check;
      ALTER TABLE notification_deliveries ADD CONSTRAINT notification_deliveries_status_check
        CHECK (status IN ('pending', 'sent', 'failed', 'suppressed'));
      CREATE INDEX notification_deliveries_client_copies
        ON notification_deliveries ((lower(replace(recipient, ' ', ''))), created_at)
        WHERE recipient_role = 'client';
    `,
  },
];
