import {
  type AssessmentSignedV1,
  adviserReportPdfEndpoint,
  buildPath,
  type HouseholdConfirmedV1,
  type HouseholdProfileAgreedV1,
  type IntegrationEvent,
  questionnaireVersionOf,
  type WebhookEvent,
} from '@risk-profile/contracts';

/** One event to deliver to every endpoint subscribed to its type. */
export interface PlannedWebhook {
  /** The `webhook-id`: `msg_` + the integration event's id, the same for every endpoint. */
  id: string;
  event: WebhookEvent;
  /** What orders deliveries: an endpoint gets one assessment's (link's, household's) events in turn. */
  orderingKey: string;
  /** The assessment whose erasure removes the body (assessment events only). */
  assessmentId: string | null;
}

export const webhookId = (eventId: string): string => `msg_${eventId}`;

function signedWebhook(event: AssessmentSignedV1, publicUrl: string): WebhookEvent {
  const a = event.data;
  const reportPath = buildPath(adviserReportPdfEndpoint, { id: a.assessmentId });
  return {
    type: 'assessment.signed',
    timestamp: event.occurredAt,
    data: {
      assessmentId: a.assessmentId,
      adviser: a.adviser
        ? {
            slug: a.adviser.slug,
            name: a.adviser.adviserName,
            company: a.adviser.companyName,
            email: a.adviser.email,
          }
        : null,
      signedAt: a.signedAt,
      questionnaireVersion: questionnaireVersionOf(a),
      riskScore: a.riskScore,
      riskGroup: a.riskGroup,
      percentile: a.percentile,
      recommendedProfile: a.originalProfile,
      selectedProfile: a.selectedProfile,
      profileChanged: a.profileChanged,
      profileChangeReason: a.profileChangeReason,
      capacity: a.capacity
        ? {
            capacityForLoss: a.capacity.capacityForLoss,
            capacityScore: a.capacity.capacityScore,
            overrideGrade: a.capacity.overrideGrade,
            adviserReview: a.capacity.adviserReview,
          }
        : null,
      client: { name: a.clientName, email: a.clientEmail, phone: a.clientPhone },
      reportUrl: new URL(reportPath, publicUrl).toString(),
    },
  };
}

// Household events carry ids, statuses and profiles: a member's name and contact stay here.
function agreedOf(event: HouseholdProfileAgreedV1 | HouseholdConfirmedV1) {
  const { profile, basis, flagged, agreedAt } = event.data.agreed;
  return { profile, basis, flagged, agreedAt };
}

/** What the agreed and the confirmed household's webhooks both say, in the order their bodies have it. */
function settledHousehold<S extends string>(
  event: HouseholdProfileAgreedV1 | HouseholdConfirmedV1,
  status: S,
) {
  const h = event.data;
  return { householdId: h.householdId, adviserSlug: h.adviser.slug, status, agreed: agreedOf(event) };
}

const settledMember = (m: (HouseholdProfileAgreedV1 | HouseholdConfirmedV1)['data']['members'][number]) => ({
  memberId: m.memberId,
  assessmentId: m.assessmentId,
  profile: m.profile,
});

/** The webhook an integration event asks for, or null for events integrators are not told of. */
export function planWebhook(event: IntegrationEvent, publicUrl: string): PlannedWebhook | null {
  const plan = (webhook: WebhookEvent, orderingKey: string, assessmentId: string | null = null) => ({
    id: webhookId(event.id),
    event: webhook,
    orderingKey,
    assessmentId,
  });
  const timestamp = event.occurredAt;
  switch (event.type) {
    case 'AssessmentSigned':
      return plan(signedWebhook(event, publicUrl), event.data.assessmentId, event.data.assessmentId);
    case 'AssessmentErased': {
      const { assessmentId } = event.data;
      return plan(
        { type: 'assessment.erased', timestamp, data: { assessmentId } },
        assessmentId,
        assessmentId,
      );
    }
    case 'AssessmentProcessingRestricted': {
      const { assessmentId, restrictedAt, retainedUntil } = event.data;
      const data = { assessmentId, restrictedAt, retainedUntil };
      return plan({ type: 'assessment.restricted', timestamp, data }, assessmentId, assessmentId);
    }
    case 'QuestionnaireLinkRequested': {
      const link = event.data;
      const data = {
        linkId: link.linkId,
        adviserSlug: link.adviserSlug,
        method: link.method,
        client: { name: link.clientName, email: link.clientEmail, phone: link.clientPhone },
        expiresAt: link.expiresAt,
      };
      return plan({ type: 'questionnaire_link.sent', timestamp, data }, `link:${link.linkId}`);
    }
    case 'HouseholdCreated': {
      const h = event.data;
      const members = h.members.map((m) => ({ memberId: m.memberId, assessmentId: null }));
      const data = {
        householdId: h.householdId,
        adviserSlug: h.adviserSlug,
        status: 'awaiting_members' as const,
        members,
      };
      return plan({ type: 'household.created', timestamp, data }, `household:${h.householdId}`);
    }
    case 'HouseholdProfileAgreed': {
      const members = event.data.members.map((m) => ({
        ...settledMember(m),
        riskGroup: m.riskGroup,
        riskScore: m.riskScore,
      }));
      const data = { ...settledHousehold(event, 'awaiting_confirmations'), members };
      return plan(
        { type: 'household.profile_agreed', timestamp, data },
        `household:${event.data.householdId}`,
      );
    }
    case 'HouseholdMemberConfirmed': {
      const { householdId, memberId, confirmedAt } = event.data;
      const data = { householdId, memberId, confirmedAt };
      return plan({ type: 'household.member_confirmed', timestamp, data }, `household:${householdId}`);
    }
    case 'HouseholdConfirmed': {
      const members = event.data.members.map((m) => ({ ...settledMember(m), confirmedAt: m.confirmedAt }));
      const data = { ...settledHousehold(event, 'confirmed'), members, confirmedAt: event.data.confirmedAt };
      return plan({ type: 'household.confirmed', timestamp, data }, `household:${event.data.householdId}`);
    }
    default:
      return null;
  }
}
