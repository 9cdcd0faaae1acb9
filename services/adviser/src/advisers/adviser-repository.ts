import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '@risk-profile/platform';

export interface AdviserRecord {
  id: string;
  slug: string;
  companyName: string;
  adviserName: string;
  email: string;
  /** The firm's licence or registration number, printed on its reports; null when not on file. */
  licenceNumber: string | null;
  /** The firm's disclaimer, printed at the end of its reports; null when it has none. */
  disclaimer: string | null;
  createdAt: Date;
}

interface AdviserRow {
  id: string;
  slug: string;
  company_name: string;
  adviser_name: string;
  email: string;
  licence_number: string | null;
  disclaimer: string | null;
  created_at: Date;
}

const COLUMNS = 'id, slug, company_name, adviser_name, email, licence_number, disclaimer, created_at';

const toRecord = (row: AdviserRow): AdviserRecord => ({
  id: row.id,
  slug: row.slug,
  companyName: row.company_name,
  adviserName: row.adviser_name,
  email: row.email,
  licenceNumber: row.licence_number,
  disclaimer: row.disclaimer,
  createdAt: new Date(row.created_at),
});

export async function findAdviserBySlug(sql: SqlExecutor, slug: string): Promise<AdviserRecord | null> {
  const { rows } = await sql.query<AdviserRow>(`SELECT ${COLUMNS} FROM advisers WHERE slug = $1`, [slug]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Inserts the adviser, or refreshes the names and email of the one holding the slug; its id and
 * creation time never change, so references to it survive a re-seed. A licence number or
 * disclaimer given only fills one not yet on file, so a re-seed never undoes an administrator's.
 */
export async function upsertAdviser(
  sql: SqlExecutor,
  adviser: Pick<AdviserRecord, 'slug' | 'companyName' | 'adviserName' | 'email'> &
    Partial<Pick<AdviserRecord, 'licenceNumber' | 'disclaimer'>>,
  now: Date,
): Promise<AdviserRecord> {
  const { rows } = await sql.query<AdviserRow>(
    `INSERT INTO advisers (id, slug, company_name, adviser_name, email, licence_number, disclaimer, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (slug) DO UPDATE SET
       company_name = EXCLUDED.company_name, adviser_name = EXCLUDED.adviser_name, email = EXCLUDED.email,
       licence_number = COALESCE(advisers.licence_number, EXCLUDED.licence_number),
       disclaimer = COALESCE(advisers.disclaimer, EXCLUDED.disclaimer)
     RETURNING ${COLUMNS}`,
    [
      randomUUID(),
      adviser.slug,
      adviser.companyName,
      adviser.adviserName,
      adviser.email,
      adviser.licenceNumber ?? null,
      adviser.disclaimer ?? null,
      now.toISOString(),
    ],
  );
  return toRecord(rows[0]!);
}
