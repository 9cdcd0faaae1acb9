import type { Migration } from '@risk-profile/platform';

/**
 * The records read model (docs/records.md), fed from the lifecycle and links topics by the
 * `records` consumer. `record` is the AssessmentSigned event's data: the report on demand is
 * rendered from it, so nothing else of a signed assessment needs keeping. `search` is what `q`
 * matches (name, email and phone in lower case, the phone also without spaces); `client_key`
 * tells one client from another for the review rule (email, else the phone's digits), and
 * `superseded` marks a signed record the same client signed again with the same adviser since.
 * The access log (`records_access_log`) was created here by 001 and widened by 002; it is the
 * platform's now (platform/src/access-log, module `access-log`, which every service appending to
 * it migrates first), so those statements are gone from 001 and 002: on a database where they ran,
 * the platform's migration applies over the table they made.
 */
export const RECORDS_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-records',
    sql: `
      CREATE TABLE records_assessments (
        assessment_id uuid PRIMARY KEY,
        adviser_slug text,
        client_name text NOT NULL,
        client_email text,
        client_phone text,
        client_key text NOT NULL,
        search text NOT NULL,
        status text NOT NULL CHECK (status IN ('in_progress', 'signed')),
        risk_score integer NOT NULL,
        risk_group integer NOT NULL,
        recommended_profile text NOT NULL,
        selected_profile text NOT NULL,
        profile_changed boolean NOT NULL,
        started_at timestamptz NOT NULL,
        signed_at timestamptz,
        superseded boolean NOT NULL DEFAULT false,
        link_id text,
        drafted_event_id text,
        signed_event_id text,
        record jsonb
      );
      CREATE INDEX records_assessments_by_adviser ON records_assessments (adviser_slug, started_at DESC, assessment_id DESC);
      CREATE INDEX records_assessments_newest ON records_assessments (started_at DESC, assessment_id DESC);
      CREATE INDEX records_assessments_clients ON records_assessments (adviser_slug, client_key, signed_at) WHERE status = 'signed';
      CREATE INDEX records_assessments_by_link ON records_assessments (link_id, started_at DESC) WHERE link_id IS NOT NULL;

      CREATE TABLE records_links (
        link_id text PRIMARY KEY,
        adviser_slug text NOT NULL,
        client_name text NOT NULL,
        client_email text,
        client_phone text,
        method text NOT NULL CHECK (method IN ('email', 'sms')),
        requested_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        event_id text NOT NULL
      );
      CREATE INDEX records_links_by_adviser ON records_links (adviser_slug, requested_at DESC, link_id DESC);
    `,
  },
  {
    // Capacity for loss and the override's grade (issue 33): the flags the lists show, and the
    // record the detail shows; restricted_at marks a record whose erasure was refused within its
    // retention period (hidden from the adviser's lists, no more messages). The access log's
    // subject export is the platform's migration's now. Set by the records consumer from the
    // lifecycle events.
    id: '002-capacity-and-restriction',
    sql: `
      ALTER TABLE records_assessments ADD COLUMN adviser_review boolean NOT NULL DEFAULT false;
      ALTER TABLE records_assessments ADD COLUMN capacity_warning boolean NOT NULL DEFAULT false;
      ALTER TABLE records_assessments ADD COLUMN capacity jsonb;
      ALTER TABLE records_assessments ADD COLUMN restricted_at timestamptz;
    `,
  },
  {
    // Erasure (issue 33): an erased link is remembered by its id alone, so that its request
    // arriving late (another topic) never brings its recipient back. The link messages recorded
    // before migration 007 of the deliveries get their link id from the links read model. A
    // resend's access-log entry no longer names the client's address (the client's erasure must
    // not leave it in an append-only log): the entries written before lose it here, the only
    // change the log ever takes (its trigger is off for this statement alone).
    id: '003-erasure',
    sql: `
      CREATE TABLE records_erased_links (link_id text PRIMARY KEY, erased_at timestamptz NOT NULL);
      UPDATE notification_deliveries AS d SET link_id = l.link_id FROM records_links AS l
        WHERE d.event_id = l.event_id AND d.link_id IS NULL AND d.kind IN ('link-email', 'link-sms');
      ALTER TABLE records_access_log DISABLE TRIGGER records_access_log_no_change;
      UPDATE records_access_log SET detail = 'to the client'
        WHERE action = 'report-resend' AND detail LIKE 'to the client (%';
      ALTER TABLE records_access_log ENABLE TRIGGER records_access_log_no_change;
    `,
  },
  {
    // Superseding finds a client's signed records by client key with the adviser compared by
    // IS NOT DISTINCT FROM (a record may have no adviser), which the index led by adviser_slug
    // cannot serve: each page's statement read every signed record. Led by client_key it can;
    // nothing else read the old index, so it goes (one index fewer to write per record).
    id: '004-clients-by-key',
    sql: `
      CREATE INDEX records_assessments_by_client_key ON records_assessments (client_key, signed_at)
        WHERE status = 'signed';
      DROP INDEX records_assessments_clients;
    `,
  },
  {
    // Households in the lists (issue 45): each member's link with its household, from
    // HouseholdCreated, so a member's assessment finds its household by records_assessments.link_id.
    // The household's name is the only personal thing here: on any member's erasure it becomes
    // `Household` and a short id (household-links.ts).
    id: '005-household-links',
    sql: `
      CREATE TABLE records_household_links (
        link_id text PRIMARY KEY,
        household_id uuid NOT NULL,
        household_name text NOT NULL
      );
      CREATE INDEX records_household_links_by_household ON records_household_links (household_id);
    `,
  },
  {
    // Questionnaire versions (issue 46): the version each record was answered against, from its
    // lifecycle events, for the lists and the CSV. Every record projected before was version 1's.
    id: '006-questionnaire-version',
    sql: `ALTER TABLE records_assessments ADD COLUMN questionnaire_version integer NOT NULL DEFAULT 1;`,
  },
];
