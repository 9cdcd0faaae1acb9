import {
  type AssessmentSnapshotEvent,
  capacityRecordOf,
  type HouseholdCreatedV1,
  isKnownQuestionnaireVersion,
  type QuestionEventRecordedV1,
  questionnaireVersion,
  questionnaireVersionOf,
} from '@risk-profile/contracts';
import type { AssessmentRow, HouseholdLinkRow, QuestionEventRow } from '../store/analytics-store.port';

const ms = (iso: string): number => Date.parse(iso);

/**
 * The capacity rules of the event's version, for an event that recorded no capacity of its own
 * (one published before capacity was recorded); a version this build does not know yet leaves
 * the recorded capacity, which every versioned event carries, to speak.
 */
function capacityRulesOf(data: { questionnaireVersion?: number | null }) {
  const version = questionnaireVersionOf(data);
  return isKnownQuestionnaireVersion(version) ? questionnaireVersion(version).capacity : undefined;
}

/** A question event as stored: ids, answer and timings only (nothing that names a person). */
export function questionEventRow(event: QuestionEventRecordedV1): QuestionEventRow {
  const d = event.data;
  return {
    eventId: event.id,
    sessionId: d.sessionId,
    questionId: d.questionId,
    questionNumber: Number(d.questionId.slice(1)),
    deviceType: d.deviceType,
    viewedAt: ms(d.questionViewedAt),
    answeredAt: d.questionAnsweredAt === null ? null : ms(d.questionAnsweredAt),
    timeSpentMs: d.timeSpent,
    answerChanges: d.answerChanges,
    finalAnswer: d.finalAnswer,
    receivedAt: ms(d.receivedAt),
    // Events published before versions name none: 1, the only version there was.
    questionnaireVersion: questionnaireVersionOf(d),
  };
}

/**
 * An assessment lifecycle event as stored. The client's name, email, phone, IP, user agent and
 * free text stay out: ClickHouse holds no personal data (the recent-assessments list reads names
 * from the service's PostgreSQL read model instead).
 */
export function assessmentRow(event: AssessmentSnapshotEvent): AssessmentRow {
  const d = event.data;
  return {
    assessmentId: d.assessmentId,
    stage: event.type === 'AssessmentSigned' ? 2 : 1,
    sessionId: d.sessionId,
    deviceType: d.deviceType,
    adviserSlug: d.adviserSlug,
    riskScore: d.riskScore,
    riskGroup: d.riskGroup,
    originalProfile: d.originalProfile,
    selectedProfile: d.selectedProfile,
    profileChanged: d.profileChanged,
    // Only the flag: the warnings' words say nothing personal, but the dashboard needs no more.
    // A draft carries no answers, so without its capacity record the flag is not known.
    capacityWarning:
      event.type === 'AssessmentSigned'
        ? capacityRecordOf(event.data, capacityRulesOf(event.data)).warnings.length > 0
        : d.capacity === undefined
          ? null
          : d.capacity.warnings.length > 0,
    // An id, not personal: what ties a household member's assessment to the household.
    linkId: d.linkId ?? null,
    // Events published before versions name none: 1, the only version there was.
    questionnaireVersion: questionnaireVersionOf(d),
    createdAt: ms(d.createdAt),
    signedAt: event.type === 'AssessmentSigned' ? ms(event.data.signedAt) : null,
    eventId: event.id,
  };
}

/**
 * A created household as stored: each member's link with the household's id. The household's and
 * members' names, emails and phones stay out, as every personal field does.
 */
export function householdLinkRows(event: HouseholdCreatedV1): HouseholdLinkRow[] {
  const createdAt = ms(event.data.createdAt);
  return event.data.members.map((member) => ({
    linkId: member.linkId,
    householdId: event.data.householdId,
    createdAt,
    eventId: event.id,
  }));
}
