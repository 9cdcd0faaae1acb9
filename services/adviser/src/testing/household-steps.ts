import { randomUUID } from 'node:crypto';
import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  type AssessmentDraftedV1,
  type AssessmentErasedV1,
  type AssessmentSignedV1,
  assessmentDraftedV1,
  assessmentErasedV1,
  assessmentSignedV1,
  type CompleteResponses,
  deriveAssessment,
  householdViewSchema,
  integrationEventKey,
  type ProfileName,
} from '@risk-profile/contracts';
import type { EventBus, SqlClient } from '@risk-profile/platform';
import { eventually } from '@risk-profile/platform/testing';
import { expect } from 'vitest';
import { accountManager } from '../accounts/manage-accounts';
import type { AdviserTestServer } from './adviser-test-server';

/**
 * Another adviser with a page of their own (`slug`), signed in: the one a household is not
 * shown to. Answers their session cookie.
 */
export async function signInOtherAdviser(
  suite: { sql: SqlClient; server: AdviserTestServer },
  now: () => Date,
  who: { email: string; name: string; slug: string },
): Promise<string> {
  const password = `${who.slug}-demo-2026`;
  await accountManager(suite.sql, now).create(
    {
      role: 'adviser',
      email: who.email,
      name: who.name,
      password,
      adviser: { slug: who.slug, companyName: `${who.name} Advice`, adviserName: who.name },
    },
    { checkStrength: false },
  );
  return (await suite.server.signIn('/api/auth/login', who.email, password)).cookie;
}

/** A member's assessment as the assessment service would publish it, made from their link. */
export interface MemberAssessment {
  assessmentId: string;
  linkId: string;
  name: string;
  responses: CompleteResponses;
  selectedProfile?: ProfileName;
  at: Date;
}

const envelope = (type: string, at: Date) => ({
  id: randomUUID(),
  type,
  version: 1 as const,
  occurredAt: at.toISOString(),
  correlationId: `test-${type}`,
  causationId: null,
});

/** What a member's drafted and signed events both say, from their answers. */
function memberSnapshot(member: MemberAssessment) {
  const derived = deriveAssessment(member.responses);
  return {
    derived,
    data: {
      assessmentId: member.assessmentId,
      clientName: member.name,
      clientEmail: null,
      clientPhone: null,
      adviserSlug: 'demo-adviser',
      linkId: member.linkId,
      riskScore: derived.riskScore,
      riskGroup: derived.riskGroup,
      originalProfile: derived.originalProfile,
      selectedProfile: member.selectedProfile ?? derived.originalProfile,
      profileChanged: member.selectedProfile !== undefined,
    },
  };
}

export function draftedEvent(member: MemberAssessment): AssessmentDraftedV1 {
  const { data } = memberSnapshot(member);
  return assessmentDraftedV1.parse({
    ...envelope('AssessmentDrafted', member.at),
    data: { ...data, sessionId: null, deviceType: null, createdAt: member.at.toISOString() },
  });
}

export function signedEvent(member: MemberAssessment): AssessmentSignedV1 {
  const { derived, data } = memberSnapshot(member);
  return assessmentSignedV1.parse({
    ...envelope('AssessmentSigned', member.at),
    data: {
      ...data,
      responses: member.responses,
      percentile: derived.percentile,
      profileChangeReason: member.selectedProfile ? 'I am comfortable with more risk for this money.' : null,
      consistencyWarnings: [],
      investmentExclusions: '',
      investmentPreferences: '',
      signedAt: member.at.toISOString(),
      ipAddress: '127.0.0.1',
      userAgent: 'test',
      digest: 'a'.repeat(64),
      sessionId: null,
      deviceType: null,
      createdAt: member.at.toISOString(),
    },
  });
}

export function erasedEvent(member: MemberAssessment, at: Date): AssessmentErasedV1 {
  return assessmentErasedV1.parse({
    ...envelope('AssessmentErased', at),
    data: {
      assessmentId: member.assessmentId,
      reason: 'request',
      linkId: member.linkId,
      adviserSlug: 'demo-adviser',
      erasedAt: at.toISOString(),
    },
  });
}

/** Publishes lifecycle events as the assessment service's relay does (message id = event id). */
export async function publishLifecycle(
  bus: EventBus,
  ...events: (AssessmentDraftedV1 | AssessmentSignedV1 | AssessmentErasedV1)[]
): Promise<void> {
  await bus.publish(
    ASSESSMENT_LIFECYCLE_TOPIC,
    events.map((event) => ({ id: event.id, key: integrationEventKey(event), value: event })),
  );
}

/** The household view, once `ready` holds of it. */
export function viewWhen(
  server: AdviserTestServer,
  cookie: string,
  id: string,
  ready: (view: ReturnType<typeof householdViewSchema.parse>) => boolean,
) {
  return eventually(async () => {
    const res = await server.call('GET', `/api/adviser/households/${id}`, { cookie });
    expect(res.status).toBe(200);
    const view = householdViewSchema.parse(await res.json());
    if (!ready(view)) throw new Error(`not yet: ${view.members.map((m) => m.status).join()}`);
    return view;
  });
}

/** Erases the first member's assessment, as the assessment service announces it; the view once it shows. */
export async function eraseFirstMember(
  server: AdviserTestServer,
  cookie: string,
  id: string,
  member: MemberAssessment,
  at: Date,
) {
  await publishLifecycle(server.bus, erasedEvent(member, at));
  return viewWhen(server, cookie, id, (v) => v.members[0]!.status === 'erased');
}
