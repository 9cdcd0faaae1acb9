import type { Migration } from '@risk-profile/platform';

/**
 * The confirmed households (docs/records.md, "Households"): one row per household once every
 * member confirmed, its `snapshot` the HouseholdConfirmed data from which the report is rendered,
 * an erased member in it a marker. The members' erased assessments are remembered by id alone,
 * so a household event that arrives after a member's erasure (another topic) never brings the
 * member back.
 */
export const HOUSEHOLDS_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-records-households',
    sql: `
      CREATE TABLE records_households (
        household_id uuid PRIMARY KEY,
        adviser_slug text NOT NULL,
        name text NOT NULL,
        snapshot jsonb NOT NULL,
        confirmed_at timestamptz NOT NULL
      );
      CREATE INDEX records_households_by_adviser ON records_households (adviser_slug, confirmed_at DESC);
      CREATE INDEX records_households_members ON records_households USING gin ((snapshot -> 'members') jsonb_path_ops);
      CREATE TABLE records_household_erasures (assessment_id uuid PRIMARY KEY, erased_at timestamptz NOT NULL);
    `,
  },
];
