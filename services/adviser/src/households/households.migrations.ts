import type { Migration } from '@risk-profile/platform';

/**
 * The households' read model: each household with its adviser (the list and the 404 for another
 * adviser's), and each member by the link that ties their assessment to the household, with the
 * results of their newest signature. Written when a household is created and by the projection
 * (household-projection.ts); the household's stream stays the record of its decisions.
 */
export const HOUSEHOLD_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-households',
    sql: `
      CREATE TABLE households (
        id uuid PRIMARY KEY,
        adviser_slug text NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL,
        agreed_at timestamptz,
        confirmed_at timestamptz
      );
      CREATE INDEX households_by_adviser ON households (adviser_slug, created_at DESC, id DESC);
      CREATE TABLE household_members (
        member_id uuid PRIMARY KEY,
        household_id uuid NOT NULL REFERENCES households (id) ON DELETE CASCADE,
        position int NOT NULL,
        link_id text NOT NULL UNIQUE,
        name text,
        email text,
        phone text,
        status text NOT NULL DEFAULT 'link_sent',
        assessment_id uuid,
        signed_at timestamptz,
        risk_score int,
        risk_group int,
        recommended_profile text,
        profile text,
        capacity_for_loss text,
        max_group_for_capacity int,
        responses jsonb
      );
      CREATE INDEX household_members_by_household ON household_members (household_id, position);
      CREATE INDEX household_members_by_assessment ON household_members (assessment_id);
    `,
  },
  {
    // Each member's data key (household-data-protection.ts): deleting the row erases the member's
    // fields from the household's events.
    id: '002-household-member-keys',
    sql: `
      CREATE TABLE household_member_keys (
        member_id uuid PRIMARY KEY,
        wrapped_key text NOT NULL,
        master_key_id text NOT NULL,
        version int NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // The questionnaire version each member answered (ADR 0029): their answers are shown in its
    // words and their capacity read by its rules. Members signed before versions existed answered 1.
    id: '003-member-questionnaire-version',
    sql: 'ALTER TABLE household_members ADD COLUMN questionnaire_version int NOT NULL DEFAULT 1;',
  },
];
