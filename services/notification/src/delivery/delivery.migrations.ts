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
  {
    // The cap keys a recipient by mailbox (recipient-key.ts), computed when a delivery is recorded;
    // the rows recorded before get the same key here (lower case, no spaces, no `+tag`, Gmail's
    // dots and googlemail.com folded), and the index follows the column.
    id: '003-recipient-key',
    sql: `
      ALTER TABLE notification_deliveries ADD COLUMN recipient_key text;
      UPDATE notification_deliveries AS d
        SET recipient_key = CASE
          WHEN k.domain IS NULL THEN k.plain
          WHEN k.domain IN ('gmail.com', 'googlemail.com') THEN replace(k.name, '.', '') || '@gmail.com'
          ELSE k.name || '@' || k.domain
        END
        FROM (
          SELECT id, plain,
            regexp_replace(regexp_replace(plain, '@[^@]*$', ''), '\\+.*$', '') AS name,
            substring(plain FROM '@([^@]*)$') AS domain
          FROM (SELECT id, lower(replace(recipient, ' ', '')) AS plain FROM notification_deliveries) AS r
        ) AS k
        WHERE d.id = k.id;
      ALTER TABLE notification_deliveries ALTER COLUMN recipient_key SET NOT NULL;
      DROP INDEX notification_deliveries_client_copies;
      CREATE INDEX notification_deliveries_client_copies
        ON notification_deliveries (recipient_key, created_at)
        WHERE recipient_role = 'client';
    `,
  },
  {
    // Every instance claims its own deliveries (sender.ts): a claim is live until
    // claim_expires_at, which its holder renews while the send is under way; claimed_by names the
    // instance that made the last attempt. The due index follows the claim's order, oldest due
    // first, so a claim reads the next rows of it and skips the few with a live claim.
    id: '004-delivery-claims',
    sql: `
      ALTER TABLE notification_deliveries ADD COLUMN claimed_by uuid, ADD COLUMN claim_expires_at timestamptz;
      DROP INDEX notification_deliveries_due;
      CREATE INDEX notification_deliveries_due ON notification_deliveries (next_attempt_at, created_at)
        WHERE status = 'pending';
    `,
  },
  {
    // The records (docs/records.md) read a report's deliveries by assessment: set when a report
    // delivery is recorded, from the content here for the rows whose content is still kept (the
    // records consumer fills the purged ones from the signed event's id). A report sent again on
    // request is a delivery of its own, with who asked.
    id: '005-delivery-assessment',
    sql: `
      ALTER TABLE notification_deliveries
        ADD COLUMN assessment_id uuid,
        ADD COLUMN resend boolean NOT NULL DEFAULT false,
        ADD COLUMN requested_by text;
      UPDATE notification_deliveries SET assessment_id = (content->>'assessmentId')::uuid
        WHERE kind IN ('adviser-report', 'client-report', 'client-sms') AND content IS NOT NULL
          AND content->>'assessmentId' ~ '^[0-9a-fA-F-]{36}$';
      CREATE INDEX notification_deliveries_by_assessment ON notification_deliveries (assessment_id, created_at)
        WHERE assessment_id IS NOT NULL;
    `,
  },
  {
    // Invitation and password-reset emails of the adviser service's accounts (plan-deliveries.ts).
    id: '006-account-emails',
    sql: `
      ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_kind_check;
      ALTER TABLE notification_deliveries ADD CONSTRAINT notification_deliveries_kind_check
        CHECK (kind IN ('adviser-report', 'client-report', 'client-sms', 'link-email', 'link-sms', 'account-email'));
    `,
  },
  {
    // Erasure (docs/records.md, "Retention and erasure"): a link message is found by its link id
    // once its content is purged (the records migration 003 fills it for rows recorded before),
    // and an erased delivery keeps its row as the audit trail with the personal data gone;
    // erased_at also tells every instance's outbox purge which files to delete.
    id: '007-delivery-erasure',
    sql: `
      ALTER TABLE notification_deliveries ADD COLUMN link_id text, ADD COLUMN erased_at timestamptz;
      UPDATE notification_deliveries SET link_id = content->>'linkId'
        WHERE kind IN ('link-email', 'link-sms') AND content IS NOT NULL;
      CREATE INDEX notification_deliveries_by_link ON notification_deliveries (link_id) WHERE link_id IS NOT NULL;
      CREATE INDEX notification_deliveries_erased ON notification_deliveries (erased_at) WHERE erased_at IS NOT NULL;
    `,
  },
  {
    // A message the outbox transport wrote to a file was saved, not sent: the records say so
    // (docs/records.md). Rows recorded before are recognised by the outbox's file names
    // (outboxFileName: the ISO time with - for : and ., then the id, then .eml or .sms.json).
    id: '008-delivery-saved-to-outbox',
    sql: `
      ALTER TABLE notification_deliveries ADD COLUMN saved_to_outbox boolean NOT NULL DEFAULT false;
      UPDATE notification_deliveries SET saved_to_outbox = true
        WHERE status = 'sent'
          AND provider_message_id ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}-[0-9]{2}-[0-9]{2}-[0-9]{3}Z-.*[.](eml|sms[.]json)$';
    `,
  },
  {
    // Household messages (docs/notifications.md, "Households"): one event asks for a message to
    // each member, so the member joins the key (NULLS NOT DISTINCT keeps every other kind keyed
    // as before); a member's erasure finds their messages by their assessment.
    id: '009-household-deliveries',
    sql: `
      ALTER TABLE notification_deliveries
        ADD COLUMN household_id uuid,
        ADD COLUMN household_member_id uuid,
        ADD COLUMN member_assessment_id uuid;
      ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_kind_check;
      ALTER TABLE notification_deliveries ADD CONSTRAINT notification_deliveries_kind_check
        CHECK (kind IN ('adviser-report', 'client-report', 'client-sms', 'link-email', 'link-sms', 'account-email',
          'household-confirm-email', 'household-confirm-sms', 'household-report'));
      ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_once;
      ALTER TABLE notification_deliveries ADD CONSTRAINT notification_deliveries_once
        UNIQUE NULLS NOT DISTINCT (event_id, recipient_role, household_member_id);
      CREATE INDEX notification_deliveries_by_member_assessment ON notification_deliveries (member_assessment_id)
        WHERE member_assessment_id IS NOT NULL;
    `,
  },
  {
    // The administrators' email when the webhook sender disables an endpoint (docs/webhooks.md).
    id: '010-webhook-alert-email',
    sql: `
      ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_kind_check;
      ALTER TABLE notification_deliveries ADD CONSTRAINT notification_deliveries_kind_check
        CHECK (kind IN ('adviser-report', 'client-report', 'client-sms', 'link-email', 'link-sms', 'account-email',
          'household-confirm-email', 'household-confirm-sms', 'household-report', 'webhook-alert-email'));
    `,
  },
];
