import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MAX_COMBINING_MARKS, TOO_MANY_COMBINING_MARKS_MESSAGE } from '../format/combining-marks';
import { uniformResponses } from '../testing';
import { createAdviserBodySchema, updateAdviserBodySchema } from './admin-accounts';
import { createAnalystBodySchema, createAnalystTokenBodySchema } from './analyst';
import { draftAssessmentBodySchema, signAssessmentBodySchema } from './assessments';
import { sendQuestionnaireLinkBodySchema } from './questionnaire-links';

// Issue 42, item 11: "Z" and 90 combining marks is under 200 characters, but its marks stack into
// a column over the report. Unicode's stream-safe limit is 30 marks in a row.
const zalgo = (marks: number) => `Z${'\u0301\u0300\u0308\u0327'.repeat(marks).slice(0, marks)}`;
const TOO_MANY = zalgo(90);
const AT_LIMIT = zalgo(MAX_COMBINING_MARKS);

const draft = {
  clientName: 'Jo Client',
  clientEmail: 'jo@example.com',
  responses: uniformResponses(),
  riskScore: 36,
  originalProfile: 'Balanced',
  selectedProfile: 'Growth',
  profileChanged: true,
  profileChangeReason: 'I have a long horizon.',
  riskAcknowledged: true,
  investmentExclusions: '',
  investmentPreferences: '',
  consistencyWarnings: [],
  adviserSlug: 'demo-adviser',
};
const link = { clientName: 'Jo Client', clientEmail: 'jo@example.com', method: 'email' };
const adviser = {
  slug: 'jo-adviser',
  adviserName: 'Jo Adviser',
  companyName: 'Jo Advice',
  email: 'jo@example.com',
  licenceNumber: 'AFSL 1',
  disclaimer: 'General advice only.',
};
const sign = { investmentExclusions: '', investmentPreferences: '', confirmed: true };

const cases: [string, z.ZodType, Record<string, unknown>, string][] = [
  ["the client's name", draftAssessmentBodySchema, draft, 'clientName'],
  ['the reason for a change', draftAssessmentBodySchema, draft, 'profileChangeReason'],
  ['exclusions in a draft', draftAssessmentBodySchema, draft, 'investmentExclusions'],
  ['preferences in a draft', draftAssessmentBodySchema, draft, 'investmentPreferences'],
  ['exclusions at signing', signAssessmentBodySchema, sign, 'investmentExclusions'],
  ['preferences at signing', signAssessmentBodySchema, sign, 'investmentPreferences'],
  ['the name a link is sent to', sendQuestionnaireLinkBodySchema, link, 'clientName'],
  ["a new adviser's name", createAdviserBodySchema, adviser, 'adviserName'],
  ["a new adviser's company", createAdviserBodySchema, adviser, 'companyName'],
  ["a new adviser's licence", createAdviserBodySchema, adviser, 'licenceNumber'],
  ["a new adviser's disclaimer", createAdviserBodySchema, adviser, 'disclaimer'],
  ["an adviser's new name", updateAdviserBodySchema, { adviserName: 'Jo' }, 'adviserName'],
  ["an adviser's new company", updateAdviserBodySchema, { companyName: 'Jo' }, 'companyName'],
  ["an adviser's new disclaimer", updateAdviserBodySchema, { disclaimer: 'x' }, 'disclaimer'],
  ["an analyst's name", createAnalystBodySchema, { name: 'Jo', email: 'jo@example.com' }, 'name'],
  ["a token's name", createAnalystTokenBodySchema, { name: 'Jo' }, 'name'],
];

describe('names and free text keep to 30 combining marks on a character', () => {
  it.each(cases)('%s: 90 marks refused with a clear message', (_, schema, body, field) => {
    expect(schema.safeParse(body).success).toBe(true);
    const result = schema.safeParse({ ...body, [field]: TOO_MANY });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: [field], message: TOO_MANY_COMBINING_MARKS_MESSAGE }),
    );
  });

  it.each(cases)('%s: 30 marks pass, and so does Vietnamese', (_, schema, body, field) => {
    expect(schema.safeParse({ ...body, [field]: AT_LIMIT }).success).toBe(true);
    expect(schema.safeParse({ ...body, [field]: 'Nguyễn Thị Ánh' }).success).toBe(true);
  });
});
