import type { AccessEntry } from '@risk-profile/platform';
import type { MemberRow } from '../household-members';

/** The entry's detail: the id alone, as the log is append-only and a household's name may name its members. */
export const householdViewDetail = (householdId: string): string => `household ${householdId}`;

/**
 * The access log's entries for one view of a household: one for each member's assessment the
 * view shows (so the log finds the view under either member, as it finds the household report's
 * download), or one without an assessment while no member has started. An erased member's
 * assessment is not shown, so not logged.
 */
export function householdViewEntries(
  householdId: string,
  members: readonly Pick<MemberRow, 'status' | 'assessmentId'>[],
  by: Pick<AccessEntry, 'at' | 'actorEmail' | 'actorRole' | 'ipAddress'>,
): AccessEntry[] {
  const assessments = [
    ...new Set(members.flatMap((m) => (m.status !== 'erased' && m.assessmentId ? [m.assessmentId] : []))),
  ];
  const detail = householdViewDetail(householdId);
  const entry = (assessmentId: string | null): AccessEntry => ({
    ...by,
    action: 'household-view',
    assessmentId,
    detail,
  });
  return assessments.length > 0 ? assessments.map(entry) : [entry(null)];
}
