import type { Migration } from '@risk-profile/platform';

/**
 * Advisers have their own surrogate key so that the user accounts of a later issue can reference
 * an adviser (`users.adviser_id REFERENCES advisers(id)`) while the public slug stays renameable.
 */
export const ADVISER_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-advisers',
    sql: `
      CREATE TABLE advisers (
        id uuid PRIMARY KEY,
        slug text NOT NULL CONSTRAINT advisers_slug_unique UNIQUE,
        company_name text NOT NULL,
        adviser_name text NOT NULL,
        email text NOT NULL,
        created_at timestamptz NOT NULL
      );
    `,
  },
  {
    // The firm's identity printed in every report's header and footer, edited by an admin.
    id: '002-firm-identity',
    sql: `
      ALTER TABLE advisers ADD COLUMN licence_number text, ADD COLUMN disclaimer text;
    `,
  },
  {
    // A renamed adviser's former slugs: links already sent with one keep reaching the adviser.
    // A slug names one adviser for good, current or former (adviser-repository.ts checks both
    // under one lock when a slug is taken).
    id: '003-slug-aliases',
    sql: `
      CREATE TABLE adviser_slug_aliases (
        slug text PRIMARY KEY,
        adviser_id uuid NOT NULL REFERENCES advisers (id),
        created_at timestamptz NOT NULL
      );
      CREATE INDEX adviser_slug_aliases_by_adviser ON adviser_slug_aliases (adviser_id);
    `,
  },
];
