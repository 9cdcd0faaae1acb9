import type { Migration } from '@risk-profile/platform';

/*
 * Signed webhooks (docs/webhooks.md, ADR 0027). An endpoint's secrets are sealed: signing needs
 * them in clear, so they cannot be hashed. A delivery is one event for one endpoint; its id is the
 * `webhook-id` (`msg_` + the event id) and its body the exact bytes every attempt sends, written
 * once when the event is consumed. `seq` orders one assessment's deliveries to one endpoint.
 */
export const WEBHOOKS_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-webhooks',
    sql: `
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY,
        url text NOT NULL,
        events text[] NOT NULL,
        description text NOT NULL,
        state text NOT NULL CHECK (state IN ('active', 'disabled')),
        disabled_reason text,
        secret_sealed text NOT NULL,
        previous_secret_sealed text,
        secret_rotated_at timestamptz,
        failing_since timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE webhook_deliveries (
        seq bigserial UNIQUE,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        id text NOT NULL,
        event_type text NOT NULL,
        ordering_key text NOT NULL,
        assessment_id uuid,
        body text,
        status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        response_code integer,
        last_error text,
        next_attempt_at timestamptz NOT NULL,
        claimed_by uuid,
        claim_expires_at timestamptz,
        created_at timestamptz NOT NULL,
        last_attempt_at timestamptz,
        PRIMARY KEY (endpoint_id, id)
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_newest ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
      CREATE INDEX webhook_deliveries_by_key ON webhook_deliveries (endpoint_id, ordering_key, seq)
        WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_by_assessment ON webhook_deliveries (assessment_id)
        WHERE assessment_id IS NOT NULL;
      -- review.due is sent once per signed assessment: the job's note that it was.
      CREATE TABLE webhook_reviews_due (
        assessment_id uuid PRIMARY KEY,
        due_at timestamptz NOT NULL,
        emitted_at timestamptz NOT NULL
      );
    `,
  },
];
