import type { HouseholdCreatedV1 } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';

/*
 * records_household_links: each member's link with its household's id and name, from
 * HouseholdCreated, so the lists name a member's household (by records_assessments.link_id).
 * A household's name usually names its members ("The Smiths"), so it is personal data: once any
 * member of the household is erased, it becomes the name below, whichever event comes first.
 */

/** What a household is called once a member is erased: its id's first eight characters, no name. */
export const anonymousHouseholdName = (householdId: string): string =>
  `Household ${householdId.toLowerCase().slice(0, 8)}`;

/** Every member's link, once (a redelivery changes nothing). */
export async function projectHouseholdCreated(tx: SqlExecutor, event: HouseholdCreatedV1): Promise<void> {
  const d = event.data;
  const links = d.members.map((member) => member.linkId);
  if (links.length === 0) return;
  // A member erased before this arrived (the erasure comes on another topic): the name is never stored.
  const erased = await tx.query(
    'SELECT 1 FROM records_erased_links WHERE link_id = ANY($1::text[]) LIMIT 1',
    [links],
  );
  const name = erased.rows.length > 0 ? anonymousHouseholdName(d.householdId) : d.name;
  await tx.query(
    `INSERT INTO records_household_links (link_id, household_id, household_name)
     SELECT link, $2::uuid, $3 FROM unnest($1::text[]) AS link
     ON CONFLICT (link_id) DO NOTHING`,
    [links, d.householdId, name],
  );
}

/**
 * A member's link was erased: their household loses its name for every member. The link's row
 * stays (ids only), so the household's event redelivered later cannot store the name again.
 */
export async function forgetHouseholdName(tx: SqlExecutor, linkId: string): Promise<void> {
  const { rows } = await tx.query<{ household_id: string }>(
    'SELECT household_id FROM records_household_links WHERE link_id = $1',
    [linkId],
  );
  const householdId = rows[0]?.household_id;
  if (!householdId) return;
  await tx.query('UPDATE records_household_links SET household_name = $2 WHERE household_id = $1', [
    householdId,
    anonymousHouseholdName(householdId),
  ]);
}
