import { randomUUID } from 'node:crypto';
import type { ReportAdviser } from '@risk-profile/contracts';
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

/** The adviser as a report and its emails name them (the contracts' ReportAdviser). */
export const reportAdviserOf = (adviser: AdviserRecord): Required<ReportAdviser> => ({
  slug: adviser.slug,
  adviserName: adviser.adviserName,
  companyName: adviser.companyName,
  email: adviser.email,
  licenceNumber: adviser.licenceNumber,
  disclaimer: adviser.disclaimer,
});

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

/**
 * The adviser a slug names: the one whose page it is, else the one it was renamed from, so a
 * link sent before a rename still reaches its adviser.
 */
export async function findAdviserBySlug(sql: SqlExecutor, slug: string): Promise<AdviserRecord | null> {
  const { rows } = await sql.query<AdviserRow>(
    `SELECT ${COLUMNS} FROM advisers WHERE slug = $1
     UNION ALL
     SELECT ${COLUMNS.replace(/(\w+)/g, 'a.$1')} FROM adviser_slug_aliases s JOIN advisers a ON a.id = s.adviser_id
       WHERE s.slug = $1
     LIMIT 1`,
    [slug],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function listAdvisers(sql: SqlExecutor): Promise<AdviserRecord[]> {
  const { rows } = await sql.query<AdviserRow>(
    `SELECT ${COLUMNS} FROM advisers ORDER BY lower(adviser_name), slug`,
  );
  return rows.map(toRecord);
}

/** Every former slug, by adviser id, oldest first. */
export async function formerSlugs(sql: SqlExecutor): Promise<Map<string, string[]>> {
  const { rows } = await sql.query<{ adviser_id: string; slug: string }>(
    'SELECT adviser_id, slug FROM adviser_slug_aliases ORDER BY created_at, slug',
  );
  const byAdviser = new Map<string, string[]>();
  for (const row of rows) byAdviser.set(row.adviser_id, [...(byAdviser.get(row.adviser_id) ?? []), row.slug]);
  return byAdviser;
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

export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`The adviser page name "${slug}" is already taken.`);
    this.name = 'SlugTakenError';
  }
}

/**
 * Serialises every change that takes a slug, in the caller's transaction: a slug is checked
 * against both the current and the former slugs, which one unique index cannot do.
 */
async function lockSlugs(tx: SqlExecutor): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('adviser-slugs'))");
}

/** The adviser (id) a slug names, current or former, if any. */
async function slugOwner(tx: SqlExecutor, slug: string): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM advisers WHERE slug = $1
     UNION ALL SELECT adviser_id AS id FROM adviser_slug_aliases WHERE slug = $1 LIMIT 1`,
    [slug],
  );
  return rows[0]?.id ?? null;
}

export type NewAdviser = Omit<AdviserRecord, 'id' | 'createdAt'>;

/** A new adviser, in the caller's transaction; SlugTakenError when any adviser has or had the slug. */
export async function insertAdviser(tx: SqlExecutor, adviser: NewAdviser, now: Date): Promise<AdviserRecord> {
  await lockSlugs(tx);
  if (await slugOwner(tx, adviser.slug)) throw new SlugTakenError(adviser.slug);
  const { rows } = await tx.query<AdviserRow>(
    `INSERT INTO advisers (id, slug, company_name, adviser_name, email, licence_number, disclaimer, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [
      randomUUID(),
      adviser.slug,
      adviser.companyName,
      adviser.adviserName,
      adviser.email,
      adviser.licenceNumber,
      adviser.disclaimer,
      now.toISOString(),
    ],
  );
  return toRecord(rows[0]!);
}

/**
 * Changes an adviser's details in the caller's transaction. A new slug keeps the old one as an
 * alias; taking back one of the adviser's own former slugs is allowed, another adviser's is not.
 */
export async function updateAdviser(
  tx: SqlExecutor,
  current: AdviserRecord,
  change: Partial<NewAdviser>,
  now: Date,
): Promise<AdviserRecord> {
  const next = { ...current, ...change };
  if (next.slug !== current.slug) {
    await lockSlugs(tx);
    const owner = await slugOwner(tx, next.slug);
    if (owner && owner !== current.id) throw new SlugTakenError(next.slug);
    await tx.query('DELETE FROM adviser_slug_aliases WHERE slug = $1', [next.slug]);
    await tx.query('INSERT INTO adviser_slug_aliases (slug, adviser_id, created_at) VALUES ($1, $2, $3)', [
      current.slug,
      current.id,
      now.toISOString(),
    ]);
  }
  const { rows } = await tx.query<AdviserRow>(
    `UPDATE advisers SET slug = $2, company_name = $3, adviser_name = $4, email = $5, licence_number = $6,
       disclaimer = $7 WHERE id = $1 RETURNING ${COLUMNS}`,
    [
      current.id,
      next.slug,
      next.companyName,
      next.adviserName,
      next.email,
      next.licenceNumber,
      next.disclaimer,
    ],
  );
  return toRecord(rows[0]!);
}
