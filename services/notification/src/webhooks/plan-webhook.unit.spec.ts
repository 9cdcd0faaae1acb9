import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_SCHEMAS } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { draftedOf, linkRequested, signedAssessment } from '../testing/fixtures';
import {
  assessmentErased,
  householdAgreed,
  householdConfirmed,
  householdMember,
} from '../testing/household-fixtures';
import { planWebhook } from './plan-webhook';

const SITE = 'https://risk.example.com';

describe('the webhook an integration event asks for', () => {
  it('is assessment.signed for a signing: its id, the client, capacity and the report link', () => {
    const signed = signedAssessment();
    const planned = planWebhook(signed, SITE)!;
    expect(planned).toMatchObject({
      id: `msg_${signed.id}`,
      orderingKey: signed.data.assessmentId,
      assessmentId: signed.data.assessmentId,
    });
    const event = WEBHOOK_EVENT_SCHEMAS['assessment.signed'].parse(planned.event);
    expect(event.data).toMatchObject({
      questionnaireVersion: 1,
      recommendedProfile: signed.data.originalProfile,
      client: { name: 'Jane Citizen' },
      reportUrl: `${SITE}/api/adviser/assessments/${signed.data.assessmentId}/report.pdf`,
    });
  });

  it('carries the questionnaire version a signing recorded', () => {
    const signed = signedAssessment();
    const versioned = { ...signed, data: { ...signed.data, questionnaireVersion: 3 } };
    const planned = planWebhook(versioned, SITE)!;
    expect(planned.event.type === 'assessment.signed' && planned.event.data.questionnaireVersion).toBe(3);
  });

  it('is nothing for a draft', () => {
    expect(planWebhook(draftedOf(signedAssessment()), SITE)).toBeNull();
  });

  it('is assessment.erased with the id alone', () => {
    const erased = assessmentErased(randomUUID());
    expect(planWebhook(erased, SITE)?.event).toEqual({
      type: 'assessment.erased',
      timestamp: erased.occurredAt,
      data: { assessmentId: erased.data.assessmentId },
    });
  });

  it('orders a link by the link, apart from assessments', () => {
    const link = linkRequested();
    const planned = planWebhook(link, SITE)!;
    expect(planned.orderingKey).toBe(`link:${link.data.linkId}`);
    expect(WEBHOOK_EVENT_SCHEMAS['questionnaire_link.sent'].parse(planned.event).data.linkId).toBe(
      link.data.linkId,
    );
  });

  it("keeps household members' names and contacts out of household events", () => {
    const members = [
      householdMember('Jane Citizen', 'jane@example.com'),
      householdMember('John Citizen', null, '0412 000 111'),
    ];
    const householdId = randomUUID();
    for (const event of [householdAgreed(householdId, members), householdConfirmed(householdId, members)]) {
      const planned = planWebhook(event, SITE)!;
      const body = JSON.stringify(planned.event);
      expect(WEBHOOK_EVENT_SCHEMAS[planned.event.type].safeParse(planned.event).success).toBe(true);
      expect(planned.orderingKey).toBe(`household:${householdId}`);
      for (const trace of ['Jane', 'John', 'example.com', '0412', 'Citizen household'])
        expect(body).not.toContain(trace);
    }
  });
});
