import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '@risk-profile/platform';

export interface AdviserRecord {
  id: string;
  slug: string;
  companyName: string;
  adviserName: string;
  email: string;
  createdAt: Date;
}

interface AdviserRow {
  id: string;
  slug: string;
  company_name: string;
  adviser_name: string;
  email: string;
  created_at: Date;
}

const toRecord = (row: AdviserRow): AdviserRecord => ({
  id: row.id,
  slug: row.slug,
  companyName: row.company_name,
  adviserName: row.adviser_name,
  email: row.email,
  createdAt: new Date(row.created_at),
});

export async function findAdviserBySlug(sql: SqlExecutor, slug: string): Promise<AdviserRecord | null> {
  const { rows } = await sql.query<AdviserRow>(
    'SELECT id, slug, company_name, adviser_name, email, created_at FROM advisers WHERE slug = $1',
    [slug],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Inserts the adviser, or refreshes the names and email of the one holding the slug; its id and
 * creation time never change, so references to it survive a re-seed.
 */
export async function upsertAdviser(
  sql: SqlExecutor,
  adviser: Pick<AdviserRecord, 'slug' | 'companyName' | 'adviserName' | 'email'>,
  now: Date,
): Promise<AdviserRecord> {
  const { rows } = await sql.query<AdviserRow>(
    `INSERT INTO advisers (id, slug, company_name, adviser_name, email, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (slug) DO UPDATE SET
       company_name = EXCLUDED.company_name, adviser_name = EXCLUDED.adviser_name, email = EXCLUDED.email
     RETURNING id, slug, company_name, adviser_name, email, created_at`,
    [randomUUID(), adviser.slug, adviser.companyName, adviser.adviserName, adviser.email, now.toISOString()],
  );
  return toRecord(rows[0]!);
}
