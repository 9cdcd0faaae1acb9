import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  type AssessmentSignedV1,
  deriveCapacity,
  HOUSEHOLDS_TOPIC,
  type IntegrationEvent,
  parseIntegrationEvent,
  questionnaireOf,
} from '@risk-profile/contracts';
import {
  type PlatformDeps,
  rewriteErasedTables,
  runOnce,
  type SqlExecutor,
  type Subscription,
} from '@risk-profile/platform';
import { type HouseholdDataProtection, redactHouseholdMessages } from './household-data-protection';
import { insertHousehold } from './household-members';
import { ERASED_MEMBER } from './household-personal-data';

export const HOUSEHOLDS_CONSUMER = 'adviser-households';

/**
 * Keeps the households' read model: each member's progress and signed results from the
 * assessment lifecycle, and each household's agreement from its own published events. Membership
 * is by the link created with the household, so an assessment from any other link (another
 * household's, or none) changes nothing. Each message once (runOnce, by message id).
 */
export function subscribeHouseholdProjection(
  deps: Pick<PlatformDeps, 'sql' | 'bus' | 'logger'> & { protection: HouseholdDataProtection },
): Promise<Subscription> {
  const { keys, store } = deps.protection;
  return deps.bus.subscribe({
    groupId: HOUSEHOLDS_CONSUMER,
    topics: [ASSESSMENT_LIFECYCLE_TOPIC, HOUSEHOLDS_TOPIC],
    handler: async (message) => {
      const event = parseIntegrationEvent(message.topic, message.value);
      // Most assessments come by no household's link: no dedupe row for what cannot matter.
      if (!mayConcernHouseholds(event)) return;
      let erased: ErasedMember[] = [];
      const ran = await runOnce(deps.sql, HOUSEHOLDS_CONSUMER, message.id, async (tx) => {
        erased = await project(tx, event);
        // The member's key goes with their row: their fields in the household's events no longer open.
        for (const member of erased) await keys.within(tx).delete(member.memberId);
      });
      // A redelivery after a failure below (the bus log, the rewrite) finds the members erased then.
      if (!ran && event.type === 'AssessmentErased') erased = await erasedByLink(deps.sql, event.data.linkId);
      if (erased.length === 0) return;
      // Again after the commit: a read between the delete and the commit may have cached the key.
      for (const member of erased) await keys.delete(member.memberId);
      const messages = await redactHouseholdMessages(store, deps.bus, [
        ...new Set(erased.map((member) => member.householdId)),
      ]);
      // The erased member's name, contact, answers and key leave the tables' files too.
      await rewriteErasedTables(deps.sql, ['households', 'household_members', 'household_member_keys']);
      deps.logger.info({ eventId: event.id, messages }, 'household member of an erased assessment erased');
    },
  });
}

interface ErasedMember {
  memberId: string;
  householdId: string;
}

const toErasedMember = (row: { member_id: string; household_id: string }): ErasedMember => ({
  memberId: row.member_id,
  householdId: row.household_id,
});

async function erasedByLink(sql: SqlExecutor, linkId: string | null): Promise<ErasedMember[]> {
  if (linkId === null) return [];
  const { rows } = await sql.query<{ member_id: string; household_id: string }>(
    `SELECT member_id::text, household_id::text FROM household_members WHERE link_id = $1 AND status = 'erased'`,
    [linkId],
  );
  return rows.map(toErasedMember);
}

const mayConcernHouseholds = (event: IntegrationEvent): boolean =>
  event.type === 'AssessmentDrafted' || event.type === 'AssessmentSigned'
    ? Boolean(event.data.linkId)
    : event.type !== 'HouseholdMemberConfirmed';

/** Applies one event; returns the members it erased. */
async function project(tx: SqlExecutor, event: IntegrationEvent): Promise<ErasedMember[]> {
  switch (event.type) {
    case 'AssessmentDrafted':
      if (!event.data.linkId) return [];
      // A later draft from a member who has signed leaves their signed results standing.
      await tx.query(
        `UPDATE household_members SET status = 'in_progress', assessment_id = $2
         WHERE link_id = $1 AND status = 'link_sent'`,
        [event.data.linkId, event.data.assessmentId],
      );
      return [];
    case 'AssessmentSigned':
      if (event.data.linkId) await recordSignature(tx, event.data);
      return [];
    case 'AssessmentErased': {
      // Every assessment from the member's link is theirs: erasing one erases the member here.
      // The name the adviser gave the household may quote theirs: it goes from there too, before
      // a later agreement copies it into the household's events.
      await tx.query(
        `UPDATE households h SET name = replace(h.name, btrim(m.name), $3)
         FROM household_members m
         WHERE m.household_id = h.id AND (m.link_id = $1::text OR m.assessment_id = $2)
           AND btrim(m.name) <> ''`,
        [event.data.linkId ?? null, event.data.assessmentId, ERASED_MEMBER],
      );
      const { rows } = await tx.query<{ member_id: string; household_id: string }>(
        `UPDATE household_members SET status = 'erased', name = NULL, email = NULL, phone = NULL,
           assessment_id = NULL, signed_at = NULL, risk_score = NULL, risk_group = NULL,
           recommended_profile = NULL, profile = NULL, capacity_for_loss = NULL,
           max_group_for_capacity = NULL, responses = NULL
         WHERE link_id = $1::text OR assessment_id = $2
         RETURNING member_id::text, household_id::text`,
        [event.data.linkId ?? null, event.data.assessmentId],
      );
      return rows.map(toErasedMember);
    }
    case 'AssessmentProcessingRestricted':
      await tx.query(
        `UPDATE household_members SET status = 'restricted' WHERE assessment_id = $1 AND status <> 'erased'`,
        [event.data.assessmentId],
      );
      return [];
    case 'HouseholdCreated':
      await insertHousehold(tx, event.data);
      return [];
    case 'HouseholdProfileAgreed':
      await tx.query('UPDATE households SET agreed_at = $2, confirmed_at = NULL WHERE id = $1', [
        event.data.householdId,
        event.data.agreed.agreedAt,
      ]);
      return [];
    case 'HouseholdConfirmed':
      await tx.query('UPDATE households SET confirmed_at = $2 WHERE id = $1', [
        event.data.householdId,
        event.data.confirmedAt,
      ]);
      return [];
    default:
      return [];
  }
}

/**
 * The member's newest signature wins: a member who signs again from their link replaces their
 * results; an older signature arriving late changes nothing. Capacity is recomputed from the
 * answers by the rule the assessment applied (an event published before capacity was recorded
 * carries none), which also gives the highest group it can bear.
 */
async function recordSignature(tx: SqlExecutor, data: AssessmentSignedV1['data']): Promise<void> {
  const questionnaire = questionnaireOf(data);
  const capacity = deriveCapacity(data.responses, questionnaire.capacity);
  const responses = Object.fromEntries(Object.entries(data.responses).filter(([key]) => key !== 'q18'));
  await tx.query(
    `UPDATE household_members SET status = 'signed', assessment_id = $2, signed_at = $3,
       risk_score = $4, risk_group = $5, recommended_profile = $6, profile = $7,
       capacity_for_loss = $8, max_group_for_capacity = $9, responses = $10, questionnaire_version = $11
     WHERE link_id = $1 AND status IN ('link_sent', 'in_progress', 'signed')
       AND (signed_at IS NULL OR signed_at < $3)`,
    [
      data.linkId,
      data.assessmentId,
      data.signedAt,
      data.riskScore,
      data.riskGroup,
      data.originalProfile,
      data.selectedProfile,
      capacity.capacityForLoss,
      capacity.maxGroupForCapacity,
      JSON.stringify(responses),
      questionnaire.version,
    ],
  );
}
