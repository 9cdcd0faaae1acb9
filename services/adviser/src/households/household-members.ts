import type {
  CapacityForLoss,
  HouseholdCreatedV1,
  HouseholdMemberResult,
  ProfileName,
  Responses,
  RiskGroup,
} from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';

export type MemberStatus = 'link_sent' | 'in_progress' | 'signed' | 'erased' | 'restricted';

export interface HouseholdRow {
  id: string;
  adviserSlug: string;
  name: string;
  createdAt: Date;
  agreedAt: Date | null;
  confirmedAt: Date | null;
}

export interface MemberRow {
  memberId: string;
  householdId: string;
  linkId: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  status: MemberStatus;
  assessmentId: string | null;
  signedAt: Date | null;
  riskScore: number | null;
  riskGroup: RiskGroup | null;
  recommendedProfile: ProfileName | null;
  profile: ProfileName | null;
  capacityForLoss: CapacityForLoss | null;
  maxGroupForCapacity: RiskGroup | null;
  responses: Responses | null;
  /** The questionnaire version the member answered (their answers are in its words). */
  questionnaireVersion: number;
}

/** A signed member's results, as the rules and the agreement compare them. */
export type SignedMember = MemberRow &
  HouseholdMemberResult & {
    assessmentId: string;
    signedAt: Date;
    riskScore: number;
    riskGroup: RiskGroup;
    recommendedProfile: ProfileName;
  };

export const isSigned = (member: MemberRow): member is SignedMember =>
  member.status === 'signed' && member.name !== null && member.responses !== null;

/** Members whose data was erased or restricted take no part in the comparison or the agreement. */
export const isExcluded = (member: MemberRow): boolean =>
  member.status === 'erased' || member.status === 'restricted';

/** Every member not excluded has signed, and at least two have: the household can be agreed. */
export const isReadyToAgree = (members: readonly MemberRow[]): boolean =>
  members.every((member) => isSigned(member) || isExcluded(member)) && members.filter(isSigned).length >= 2;

/**
 * Records a household and its members' links, once: the handler writes them before it answers
 * (so a member's assessment made at once finds them), the projection again from the published
 * event (so a crash between the append and this write loses nothing).
 */
export async function insertHousehold(tx: SqlExecutor, household: HouseholdCreatedV1['data']): Promise<void> {
  await tx.query(
    `INSERT INTO households (id, adviser_slug, name, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO NOTHING`,
    [household.householdId, household.adviserSlug, household.name, household.createdAt],
  );
  for (const [position, member] of household.members.entries()) {
    await tx.query(
      `INSERT INTO household_members (member_id, household_id, position, link_id, name, email, phone)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (member_id) DO NOTHING`,
      [
        member.memberId,
        household.householdId,
        position,
        member.linkId,
        member.name,
        member.email,
        member.phone,
      ],
    );
  }
}

const HOUSEHOLD_COLUMNS = 'id, adviser_slug, name, created_at, agreed_at, confirmed_at';

interface HouseholdDbRow {
  id: string;
  adviser_slug: string;
  name: string;
  created_at: Date;
  agreed_at: Date | null;
  confirmed_at: Date | null;
}

const toHousehold = (row: HouseholdDbRow): HouseholdRow => ({
  id: row.id,
  adviserSlug: row.adviser_slug,
  name: row.name,
  createdAt: new Date(row.created_at),
  agreedAt: row.agreed_at ? new Date(row.agreed_at) : null,
  confirmedAt: row.confirmed_at ? new Date(row.confirmed_at) : null,
});

/** The household, if it is this adviser's: another adviser's is as absent as a missing one. */
export async function findHousehold(
  sql: SqlExecutor,
  id: string,
  adviserSlug: string | null,
): Promise<HouseholdRow | null> {
  if (adviserSlug === null) return null;
  const { rows } = await sql.query<HouseholdDbRow>(
    `SELECT ${HOUSEHOLD_COLUMNS} FROM households WHERE id = $1 AND adviser_slug = $2`,
    [id, adviserSlug],
  );
  return rows[0] ? toHousehold(rows[0]) : null;
}

/** A page of the adviser's households, newest first, after the keyset when given. */
export async function listHouseholdRows(
  sql: SqlExecutor,
  adviserSlug: string,
  page: { after: { at: string; id: string } | null; limit: number },
): Promise<HouseholdRow[]> {
  const { rows } = page.after
    ? await sql.query<HouseholdDbRow>(
        `SELECT ${HOUSEHOLD_COLUMNS} FROM households
         WHERE adviser_slug = $1 AND (created_at, id) < ($2::timestamptz, $3::uuid)
         ORDER BY created_at DESC, id DESC LIMIT $4`,
        [adviserSlug, page.after.at, page.after.id, page.limit],
      )
    : await sql.query<HouseholdDbRow>(
        `SELECT ${HOUSEHOLD_COLUMNS} FROM households WHERE adviser_slug = $1
         ORDER BY created_at DESC, id DESC LIMIT $2`,
        [adviserSlug, page.limit],
      );
  return rows.map(toHousehold);
}

interface MemberDbRow {
  member_id: string;
  household_id: string;
  link_id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  status: MemberStatus;
  assessment_id: string | null;
  signed_at: Date | null;
  risk_score: number | null;
  risk_group: number | null;
  recommended_profile: string | null;
  profile: string | null;
  capacity_for_loss: string | null;
  max_group_for_capacity: number | null;
  responses: Responses | string | null;
  questionnaire_version: number;
}

const toMember = (row: MemberDbRow): MemberRow => ({
  memberId: row.member_id,
  householdId: row.household_id,
  linkId: row.link_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  status: row.status,
  assessmentId: row.assessment_id,
  signedAt: row.signed_at ? new Date(row.signed_at) : null,
  riskScore: row.risk_score,
  riskGroup: row.risk_group as RiskGroup | null,
  recommendedProfile: row.recommended_profile as ProfileName | null,
  profile: row.profile as ProfileName | null,
  capacityForLoss: row.capacity_for_loss as CapacityForLoss | null,
  maxGroupForCapacity: row.max_group_for_capacity as RiskGroup | null,
  responses: typeof row.responses === 'string' ? (JSON.parse(row.responses) as Responses) : row.responses,
  questionnaireVersion: row.questionnaire_version,
});

/** The members of these households, each household's in the order the adviser entered them. */
export async function membersOf(sql: SqlExecutor, householdIds: readonly string[]): Promise<MemberRow[]> {
  if (householdIds.length === 0) return [];
  const { rows } = await sql.query<MemberDbRow>(
    `SELECT * FROM household_members WHERE household_id = ANY($1::uuid[]) ORDER BY household_id, position`,
    [householdIds],
  );
  return rows.map(toMember);
}
