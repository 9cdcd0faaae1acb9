import type { z } from 'zod';
import { ACCOUNT_INVITATIONS_TOPIC, accountInvitationsTopicSchema } from './account-invitations';
import { ASSESSMENT_LIFECYCLE_TOPIC, assessmentLifecycleTopicSchema } from './assessment-lifecycle';
import { HOUSEHOLDS_TOPIC, householdsTopicSchema } from './households';
import { QUESTION_EVENTS_TOPIC, questionEventsTopicSchema } from './question-events';
import { QUESTIONNAIRE_LINKS_TOPIC, questionnaireLinksTopicSchema } from './questionnaire-links';

export * from './account-invitations';
export * from './assessment-lifecycle';
export * from './envelope';
export * from './households';
export * from './question-events';
export * from './questionnaire-links';

export const TOPICS = {
  assessmentLifecycle: ASSESSMENT_LIFECYCLE_TOPIC,
  questionnaireLinks: QUESTIONNAIRE_LINKS_TOPIC,
  questionEvents: QUESTION_EVENTS_TOPIC,
  accountInvitations: ACCOUNT_INVITATIONS_TOPIC,
  households: HOUSEHOLDS_TOPIC,
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** Per topic, the union of the event types (and versions) that may appear on it. */
export const integrationEventSchema = {
  [ASSESSMENT_LIFECYCLE_TOPIC]: assessmentLifecycleTopicSchema,
  [QUESTIONNAIRE_LINKS_TOPIC]: questionnaireLinksTopicSchema,
  [QUESTION_EVENTS_TOPIC]: questionEventsTopicSchema,
  [ACCOUNT_INVITATIONS_TOPIC]: accountInvitationsTopicSchema,
  [HOUSEHOLDS_TOPIC]: householdsTopicSchema,
} as const;

export type IntegrationEventOf<T extends Topic> = z.output<(typeof integrationEventSchema)[T]>;
export type IntegrationEvent = IntegrationEventOf<Topic>;

export class UnknownTopicError extends Error {
  override readonly name = 'UnknownTopicError';
  constructor(readonly topic: string) {
    super(`Unknown integration event topic "${topic}"`);
  }
}

export function isTopic(topic: string): topic is Topic {
  return Object.hasOwn(integrationEventSchema, topic);
}

/**
 * A consumer's first step: check a message against its topic's schema. Throws UnknownTopicError
 * for a topic this contract does not name and a ZodError for an unknown type, version or shape,
 * so the bus can dead-letter it instead of acting on a guess.
 */
export function parseIntegrationEvent<T extends Topic>(topic: T, value: unknown): IntegrationEventOf<T>;
export function parseIntegrationEvent(topic: string, value: unknown): IntegrationEvent;
export function parseIntegrationEvent(topic: string, value: unknown): IntegrationEvent {
  if (!isTopic(topic)) throw new UnknownTopicError(topic);
  return integrationEventSchema[topic].parse(value);
}

/** The message key a producer publishes the event with (the partitioning and ordering unit). */
export function integrationEventKey(event: IntegrationEvent): string {
  switch (event.type) {
    case 'AssessmentDrafted':
    case 'AssessmentSigned':
    case 'AssessmentErased':
    case 'AssessmentProcessingRestricted':
      return event.data.assessmentId;
    case 'QuestionnaireLinkRequested':
      return event.data.linkId;
    case 'QuestionEventRecorded':
      return event.data.sessionId;
    case 'AccountInvitationRequested':
      return event.data.accountId;
    case 'HouseholdCreated':
    case 'HouseholdProfileAgreed':
    case 'HouseholdMemberConfirmed':
    case 'HouseholdConfirmed':
      return event.data.householdId;
    default: {
      const unreachable: never = event;
      throw new Error(`No key rule for ${JSON.stringify(unreachable)}`);
    }
  }
}

/** The topic an event belongs on, so producers cannot publish it to the wrong one. */
export function topicOf(event: IntegrationEvent): Topic {
  switch (event.type) {
    case 'AssessmentDrafted':
    case 'AssessmentSigned':
    case 'AssessmentErased':
    case 'AssessmentProcessingRestricted':
      return ASSESSMENT_LIFECYCLE_TOPIC;
    case 'QuestionnaireLinkRequested':
      return QUESTIONNAIRE_LINKS_TOPIC;
    case 'QuestionEventRecorded':
      return QUESTION_EVENTS_TOPIC;
    case 'AccountInvitationRequested':
      return ACCOUNT_INVITATIONS_TOPIC;
    case 'HouseholdCreated':
    case 'HouseholdProfileAgreed':
    case 'HouseholdMemberConfirmed':
    case 'HouseholdConfirmed':
      return HOUSEHOLDS_TOPIC;
    default: {
      const unreachable: never = event;
      throw new Error(`No topic for ${JSON.stringify(unreachable)}`);
    }
  }
}
