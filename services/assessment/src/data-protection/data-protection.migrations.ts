import type { Migration } from '@risk-profile/platform';

/**
 * The assessment service's tables for retention and erasure (docs/records.md, "Retention and
 * erasure"): the per-assessment data keys, the subject index that finds a client's assessments
 * without decrypting them, and the append-only erasure audit.
 */
export const dataProtectionMigrations: readonly Migration[] = [
  {
    id: '001-create-data-protection',
    sql: `
CREATE TABLE assessment_data_keys (
  assessment_id uuid PRIMARY KEY,
  wrapped_key text NOT NULL,
  master_key_id text NOT NULL,
  version int NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE assessment_subjects (
  assessment_id uuid PRIMARY KEY,
  email_hash text,
  phone_hash text,
  status text NOT NULL CHECK (status IN ('draft', 'signed')),
  drafted_at timestamptz NOT NULL,
  signed_at timestamptz,
  restricted_at timestamptz,
  erased_at timestamptz,
  link_id text,
  adviser_slug text
);
CREATE INDEX assessment_subjects_email ON assessment_subjects (email_hash) WHERE email_hash IS NOT NULL;
CREATE INDEX assessment_subjects_phone ON assessment_subjects (phone_hash) WHERE phone_hash IS NOT NULL;
CREATE INDEX assessment_subjects_unerased_drafts ON assessment_subjects (drafted_at) WHERE erased_at IS NULL AND status = 'draft';
CREATE INDEX assessment_subjects_unerased_signed ON assessment_subjects (signed_at) WHERE erased_at IS NULL AND status = 'signed';
CREATE TABLE assessment_erasure_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  actor_email text,
  assessment_id uuid NOT NULL,
  outcome text NOT NULL,
  reason text NOT NULL,
  detail text
);
`,
  },
];
