import { replaceName } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';
import { householdSnapshotSchema, isErased } from '../households/household-snapshot';
import { iso, type Time } from './record-time';
import type { SubjectRow } from './subject-queries';

/**
 * A client's households, as their data export shows them (docs/households.md, "Erasure"): what
 * is about the client, and nothing about the other members. The household's name and id, the
 * assessment of theirs it holds and, once every member confirmed, the profile agreed for the joint
 * money with its reason and the client's own confirmation. The other members' names, results and
 * answers are theirs: the household report (which shows them) is not part of one member's export.
 */
export interface SubjectHousehold {
  householdId: string;
  name: string;
  assessmentId: string;
  agreed: {
    profile: string;
    reason: string;
    basis: string;
    flagged: boolean;
    agreedBy: string;
    agreedAt: string;
  } | null;
  householdConfirmedAt: string | null;
  yourConfirmation: { signatureName: string; confirmedAt: string } | null;
}

interface HouseholdRow {
  link_id: string;
  household_id: string;
  household_name: string;
  snapshot: unknown;
  confirmed_at: Time | null;
}

/** The households of these assessments (by the link each came by), earliest confirmed first. */
export async function householdsOf(
  sql: SqlExecutor,
  rows: readonly SubjectRow[],
): Promise<SubjectHousehold[]> {
  const byLink = new Map(rows.flatMap((r) => (r.link_id ? [[r.link_id, r] as const] : [])));
  if (byLink.size === 0) return [];
  const { rows: found } = await sql.query<HouseholdRow>(
    `SELECT l.link_id, l.household_id::text, l.household_name, h.snapshot, h.confirmed_at
     FROM records_household_links l LEFT JOIN records_households h ON h.household_id = l.household_id
     WHERE l.link_id = ANY($1::text[])
     ORDER BY h.confirmed_at NULLS LAST, l.household_id`,
    [[...byLink.keys()]],
  );
  return found.map((row) => {
    const assessmentId = byLink.get(row.link_id)!.assessment_id;
    const snapshot =
      row.snapshot === null
        ? null
        : householdSnapshotSchema.parse(
            typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot,
          );
    const mine = snapshot?.members.find((m) => !isErased(m) && m.assessmentId === assessmentId);
    const agreed = snapshot?.agreed;
    // The adviser's reason may name the other members: their names are theirs, not in this export.
    const others = (snapshot?.members ?? []).flatMap((m) => (isErased(m) || m === mine ? [] : [m.name]));
    const reason = agreed
      ? others.reduce((text, name) => replaceName(text, name, 'another member'), agreed.reason)
      : '';
    return {
      householdId: row.household_id,
      // The name the lists show: once any member is erased, a short id instead (household-links.ts).
      name: row.household_name,
      assessmentId,
      agreed: agreed
        ? {
            profile: agreed.profile,
            reason,
            basis: agreed.basis,
            flagged: agreed.flagged,
            agreedBy: agreed.agreedBy,
            agreedAt: agreed.agreedAt,
          }
        : null,
      householdConfirmedAt: row.confirmed_at === null ? null : iso(row.confirmed_at),
      yourConfirmation:
        mine && !isErased(mine) ? { signatureName: mine.signatureName, confirmedAt: mine.confirmedAt } : null,
    };
  });
}
