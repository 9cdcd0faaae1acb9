import { type HouseholdSnapshot, isErased } from './household-snapshot';

/** What an erased member's name becomes where the adviser's text quoted it. */
export const ERASED_NAME = '[erased member]';
export const ERASED_FLAG = 'This flag concerned a member whose data was erased.';

/**
 * The household snapshot with one member's personal data and results gone: the member becomes a
 * marker with their id, their answers leave the differences (a question left with fewer than two
 * answers goes), the flags about them say only that there was one, and their name is taken out
 * of the household's name and the adviser's reason, which may quote it. Everyone else is kept as confirmed. Null when the assessment is no member's (or was erased).
 */
export function eraseMember(
  household: HouseholdSnapshot,
  assessmentId: string,
  erasedAt: string,
): HouseholdSnapshot | null {
  const target = household.members.find(
    (m) => !isErased(m) && m.assessmentId.toLowerCase() === assessmentId.toLowerCase(),
  );
  if (!target || isErased(target)) return null;
  const name = target.name.trim();
  const scrub = (text: string) => (name === '' ? text : text.split(name).join(ERASED_NAME));
  const differences = household.differences.flatMap((d) => {
    const answers = d.answers.filter((a) => a.memberId !== target.memberId);
    if (answers.length < 2) return [];
    const scores = answers.map((a) => a.score);
    const spread = Math.max(...scores) - Math.min(...scores);
    return spread > 0 ? [{ ...d, answers, spread }] : [];
  });
  return {
    ...household,
    name: scrub(household.name),
    members: household.members.map((m) =>
      m === target ? { memberId: m.memberId, erased: true as const, erasedAt } : m,
    ),
    differences,
    // A flag about the member quotes their name and results: only that there was one is kept.
    flags: household.flags.map((flag) =>
      flag.memberId === target.memberId ||
      flag.otherMemberId === target.memberId ||
      (name !== '' && flag.message.includes(name))
        ? { ...flag, message: ERASED_FLAG }
        : flag,
    ),
    agreed: { ...household.agreed, reason: scrub(household.agreed.reason) },
  };
}
