import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  type AssessmentSignedV1,
  deriveCapacity,
  HOUSEHOLDS_TOPIC,
  type IntegrationEvent,
  parseIntegrationEvent,
} from '@risk-profile/contracts';
import {
  type PlatformDeps,
  rewriteErasedTables,
  runOnce,
  type SqlExecutor,
  type Subscription,
} from '@risk-profile/platform';
import { insertHousehold } from './household-members';

export const HOUSEHOLDS_CONSUMER = 'adviser-households';

/**
 * Keeps the households' read model: each member's progress and signed results from the
 * assessment lifecycle, and each household's agreement from its own published events. Membership
 * is by the link created with the household, so an assessment from any other link (another
 * household's, or none) changes nothing. Each message once (runOnce, by message id).
 */
export function subscribeHouseholdProjection(
  deps: Pick<PlatformDeps, 'sql' | 'bus' | 'logger'>,
): Promise<Subscription> {
  return deps.bus.subscribe({
    groupId: HOUSEHOLDS_CONSUMER,
    topics: [ASSESSMENT_LIFECYCLE_TOPIC, HOUSEHOLDS_TOPIC],
    handler: async (message) => {
      const event = parseIntegrationEvent(message.topic, message.value);
      // Most assessments come by no household's link: no dedupe row for what cannot matter.
      if (!mayConcernHouseholds(event)) return;
      let erased = 0;
      await runOnce(deps.sql, HOUSEHOLDS_CONSUMER, message.id, async (tx) => {
        erased = await project(tx, event);
      });
      if (erased === 0) return;
      // The erased member's name, contact and answers leave the table's files too.
      await rewriteErasedTables(deps.sql, ['household_members']);
      deps.logger.info({ eventId: event.id }, 'household member of an erased assessment erased');
    },
  });
}

const mayConcernHouseholds = (event: IntegrationEvent): boolean =>
  event.type === 'AssessmentDrafted' || event.type === 'AssessmentSigned'
    ? Boolean(event.data.linkId)
    : event.type !== 'HouseholdMemberConfirmed';

/** Applies one event; returns how many members it erased. */
async function project(tx: SqlExecutor, event: IntegrationEvent): Promise<number> {
  switch (event.type) {
    case 'AssessmentDrafted':
      if (!event.data.linkId) return 0;
      // A later draft from a member who has signed leaves their signed results standing.
      await tx.query(
        `UPDATE household_members SET status = 'in_progress', assessment_id = $2
         WHERE link_id = $1 AND status = 'link_sent'`,
        [event.data.linkId, event.data.assessmentId],
      );
      return 0;
    case 'AssessmentSigned':
      if (event.data.linkId) await recordSignature(tx, event.data);
      return 0;
    case 'AssessmentErased': {
      // Every assessment from the member's link is theirs: erasing one erases the member here.
      const { rowCount } = await tx.query(
        `UPDATE household_members SET status = 'erased', name = NULL, email = NULL, phone = NULL,
           assessment_id = NULL, signed_at = NULL, risk_score = NULL, risk_group = NULL,
           recommended_profile = NULL, profile = NULL, capacity_for_loss = NULL,
           max_group_for_capacity = NULL, responses = NULL
         WHERE link_id = $1::text OR assessment_id = $2`,
        [event.data.linkId ?? null, event.data.assessmentId],
      );
      return rowCount;
    }
    case 'AssessmentProcessingRestricted':
      await tx.query(
        `UPDATE household_members SET status = 'restricted' WHERE assessment_id = $1 AND status <> 'erased'`,
        [event.data.assessmentId],
      );
      return 0;
    case 'HouseholdCreated':
      await insertHousehold(tx, event.data);
      return 0;
    case 'HouseholdProfileAgreed':
      await tx.query('UPDATE households SET agreed_at = $2, confirmed_at = NULL WHERE id = $1', [
        event.data.householdId,
        event.data.agreed.agreedAt,
      ]);
      return 0;
    case 'HouseholdConfirmed':
      await tx.query('UPDATE households SET confirmed_at = $2 WHERE id = $1', [
        event.data.householdId,
        event.data.confirmedAt,
      ]);
      return 0;
    default:
      return 0;
  }
}

/**
 * The member's newest signature wins: a member who signs again from their link replaces their
 * results; an older signature arriving late changes nothing. Capacity is recomputed from the
 * answers by the rule the assessment applied (an event published before capacity was recorded
 * carries none), which also gives the highest group it can bear.
 */
async function recordSignature(tx: SqlExecutor, data: AssessmentSignedV1['data']): Promise<void> {
  const capacity = deriveCapacity(data.responses);
  const responses = Object.fromEntries(Object.entries(data.responses).filter(([key]) => key !== 'q18'));
  await tx.query(
    `UPDATE household_members SET status = 'signed', assessment_id = $2, signed_at = $3,
       risk_score = $4, risk_group = $5, recommended_profile = $6, profile = $7,
       capacity_for_loss = $8, max_group_for_capacity = $9, responses = $10
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
    ],
  );
}
