import type { SqlExecutor } from '@risk-profile/platform';
import { eraseMember } from './erase-member';
import { type HouseholdSnapshot, householdSnapshotSchema } from './household-snapshot';

/*
 * records_households: the confirmed households' snapshots, and the members' erased assessments
 * (households.migrations.ts). Every write is safe to repeat and to receive out of order.
 */

/** Of these assessments, the ones erased already (their members are left out of what follows). */
export async function erasedAmong(tx: SqlExecutor, assessmentIds: readonly string[]): Promise<Set<string>> {
  if (assessmentIds.length === 0) return new Set();
  const { rows } = await tx.query<{ assessment_id: string }>(
    'SELECT assessment_id FROM records_household_erasures WHERE assessment_id = ANY($1::uuid[])',
    [assessmentIds.map((id) => id.toLowerCase())],
  );
  return new Set(rows.map((row) => row.assessment_id));
}

/**
 * Stores a confirmed household's snapshot, with its members already erased as markers; returns
 * what was stored, from which the reports are rendered.
 */
export async function storeHousehold(
  tx: SqlExecutor,
  household: HouseholdSnapshot,
  now: Date,
): Promise<HouseholdSnapshot> {
  const erased = await erasedAmong(
    tx,
    household.members.flatMap((m) => ('assessmentId' in m ? [m.assessmentId] : [])),
  );
  let stored = household;
  for (const assessmentId of erased) stored = eraseMember(stored, assessmentId, now.toISOString()) ?? stored;
  await tx.query(
    `INSERT INTO records_households (household_id, adviser_slug, name, snapshot, confirmed_at)
     VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (household_id) DO UPDATE SET adviser_slug = EXCLUDED.adviser_slug, name = EXCLUDED.name,
       snapshot = EXCLUDED.snapshot, confirmed_at = EXCLUDED.confirmed_at`,
    [stored.householdId, stored.adviser.slug, stored.name, JSON.stringify(stored), stored.confirmedAt],
  );
  return stored;
}

/** A confirmed household of this adviser's, or undefined (not confirmed yet, or another's). */
export async function confirmedHousehold(
  sql: SqlExecutor,
  adviserSlug: string,
  householdId: string,
): Promise<HouseholdSnapshot | undefined> {
  const { rows } = await sql.query<{ snapshot: unknown }>(
    'SELECT snapshot FROM records_households WHERE household_id = $1 AND adviser_slug = $2',
    [householdId, adviserSlug],
  );
  const row = rows[0];
  if (!row) return undefined;
  return householdSnapshotSchema.parse(
    typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot,
  );
}

/**
 * A member's assessment was erased: remembered by id, and in every stored household that has
 * them the member becomes a marker; so does the copy a household report delivery still holds
 * (content not yet purged). Returns how many households changed (their table is rewritten then).
 */
export async function eraseHouseholdMember(
  tx: SqlExecutor,
  assessmentId: string,
  now: Date,
): Promise<number> {
  const id = assessmentId.toLowerCase();
  await tx.query(
    `INSERT INTO records_household_erasures (assessment_id, erased_at) VALUES ($1, $2)
     ON CONFLICT (assessment_id) DO NOTHING`,
    [id, now.toISOString()],
  );
  const { rows } = await tx.query<{ snapshot: unknown }>(
    `SELECT snapshot FROM records_households WHERE snapshot -> 'members' @> $1::jsonb FOR UPDATE`,
    [JSON.stringify([{ assessmentId: id }])],
  );
  let changed = 0;
  for (const row of rows) {
    const stored = householdSnapshotSchema.parse(
      typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot,
    );
    const erased = eraseMember(stored, id, now.toISOString());
    if (!erased) continue;
    await tx.query('UPDATE records_households SET snapshot = $2::jsonb, name = $3 WHERE household_id = $1', [
      erased.householdId,
      JSON.stringify(erased),
      erased.name,
    ]);
    await tx.query(
      `UPDATE notification_deliveries SET content = jsonb_set(content, '{household}', $2::jsonb)
       WHERE household_id = $1 AND kind = 'household-report' AND content IS NOT NULL`,
      [erased.householdId, JSON.stringify(erased)],
    );
    changed += 1;
  }
  return changed;
}
