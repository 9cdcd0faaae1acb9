import { DEMO_ADVISER } from '@risk-profile/adviser';
import { CAPACITY_ACKNOWLEDGEMENT_STATEMENT, MESSAGES } from '@risk-profile/contracts';
import { type SmtpTestServer, startSmtpTestServer } from '@risk-profile/notification/testing';
import { describeTarget, eventually } from '@risk-profile/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { recordFailure } from './support/diagnostics';
import { answersWith, capturingDraft, openAssessment, reachResults, signAssessment } from './support/journey';
import { assessmentEvents } from './support/observe';
import {
  browserSkipReason,
  launchBrowser,
  newPhonePage,
  startTestSystem,
  type TestSystem,
} from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };

// Every answer in the middle (Balanced, moderate capacity for loss) but question 13: the money is
// needed within 3 years, shorter than any profile's minimum horizon.
const SHORT_HORIZON = answersWith({ 13: 1 });
const CLIENT = { name: 'Sam Shorthorizon', email: 'sam.shorthorizon@example.com' };
const REASON = 'I have a large pension and will not touch this money for years.';

describeTarget('capacity for loss in the client journey', browserTarget, () => {
  let smtp: SmtpTestServer;
  let system: TestSystem;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    system = await startTestSystem({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Risk Profile <reports@risk-profile.test>',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    await smtp?.stop();
  });
  beforeEach(async () => {
    page = await newPhonePage(browser);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await recordFailure(page, task.name);
    await page.context().close();
  });

  it('warns a short horizon choosing High Growth, needs the acknowledgement and a reason of substance, then signs and the adviser gets the report', async () => {
    await openAssessment(page, system.url, '/demo-adviser');
    await reachResults(page, SHORT_HORIZON, CLIENT);

    // The results step: horizon and capacity apart from the score, and the recommended profile's warning.
    expect(await page.getByTestId('profile-name').textContent()).toBe('Balanced');
    expect(await page.getByTestId('time-horizon').textContent()).toBe('Within 3 years');
    expect(await page.getByTestId('capacity-for-loss').textContent()).toBe('Moderate');
    const summary = page.getByTestId('capacity-summary');
    expect(await summary.getByTestId('capacity-warning').allTextContents()).toEqual([
      expect.stringContaining(
        'The Balanced profile suits money that can stay invested for at least 5 years, but you expect to need most of this money within 3 years.',
      ),
    ]);

    const drafts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/assessments') {
        drafts.push(request.url());
      }
    });

    await page.getByRole('button', { name: 'No, choose another profile' }).click();
    await page.getByRole('radio', { name: /^High Growth/ }).click();
    // Two groups up: the stronger notice, and the chosen profile's own warnings in plain words.
    await page.getByTestId('adviser-review-notice').waitFor();
    expect(await page.getByTestId('adviser-review-notice').textContent()).toContain(
      "flagged for your adviser's review",
    );
    const chosen = page.getByTestId('chosen-profile-capacity');
    expect(await chosen.getByTestId('capacity-warning').allTextContents()).toEqual([
      expect.stringContaining(
        'The High Growth profile suits money that can stay invested for at least 10 years',
      ),
      expect.stringContaining('In a bad year the High Growth profile can fall by as much as 40%.'),
    ]);

    const continueButton = page.getByRole('button', { name: 'Continue' });
    await page.getByLabel(/^Why do you feel High Growth is more appropriate/).fill('yolo');
    await page.getByRole('checkbox', { name: /^I understand the risks of choosing a Risk Profile/ }).check();
    await continueButton.click();
    await page.getByText(MESSAGES.reviewReasonTooShort(40), { exact: true }).waitFor();

    await page.getByLabel(/^Why do you feel High Growth is more appropriate/).fill(REASON);
    await continueButton.click();
    await page.getByText(MESSAGES.capacityAcknowledgementRequired, { exact: true }).waitFor();
    // Neither refusal reached the service.
    expect(drafts).toEqual([]);

    await page.getByRole('checkbox', { name: CAPACITY_ACKNOWLEDGEMENT_STATEMENT }).check();
    const draft = await capturingDraft(page, () => continueButton.click());
    expect(draft).toMatchObject({
      originalProfile: 'Balanced',
      selectedProfile: 'High Growth',
      profileChangeReason: REASON,
      capacity: {
        timeHorizon: 'under-3',
        capacityForLoss: 'moderate',
        acknowledged: true,
        overrideGrade: 'review',
        adviserReview: true,
      },
    });
    await page.getByTestId('final-profile').waitFor();
    expect(await page.getByTestId('confirmation-capacity').getByTestId('capacity-warning').count()).toBe(2);

    await signAssessment(page);
    const events = await assessmentEvents(system, draft.id);
    expect(events.map((event) => event.type)).toEqual(['AssessmentDrafted', 'AssessmentSigned']);
    expect(events[1]?.data).toMatchObject({
      capacity: { warnings: [{ id: 'horizon' }, { id: 'capacity-for-loss' }], acknowledged: true },
    });

    // The report reaches the adviser flagged for review, with the warnings and the acknowledgement.
    const toAdviser = await eventually(async () => {
      const mail = smtp.received.find((m) => m.envelope.to.includes(DEMO_ADVISER.email));
      if (!mail) throw new Error('the report has not arrived yet');
      return mail;
    }, 20_000);
    expect(toAdviser.parsed.replyTo?.text).toBe(CLIENT.email);
    expect(toAdviser.parsed.attachments[0]?.contentType).toBe('application/pdf');
    expect(toAdviser.parsed.subject).toMatch(/^Review required: /);
    const text = toAdviser.parsed.text ?? '';
    expect(text).toContain('Capacity for loss');
    expect(text).toContain('Time horizon shorter than the profile needs');
    expect(text).toContain('Losses beyond your capacity for loss');
    expect(text).toContain(CAPACITY_ACKNOWLEDGEMENT_STATEMENT);
  });

  it('asks the acknowledgement before keeping a recommended profile beyond the horizon (the YES path)', async () => {
    await openAssessment(page, system.url, '/');
    await reachResults(page, SHORT_HORIZON, { name: 'Kim Keeper', email: 'kim.keeper@example.com' });
    const drafts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/assessments') {
        drafts.push(request.url());
      }
    });
    const agree = page.getByRole('button', { name: 'Yes, I agree' });
    await agree.click();
    await page.getByText(MESSAGES.capacityAcknowledgementRequired, { exact: true }).waitFor();
    expect(drafts).toEqual([]);

    await page.getByRole('checkbox', { name: CAPACITY_ACKNOWLEDGEMENT_STATEMENT }).check();
    const draft = await capturingDraft(page, () => agree.click());
    expect(draft).toMatchObject({
      selectedProfile: 'Balanced',
      profileChanged: false,
      capacity: {
        warnings: [{ id: 'horizon' }],
        acknowledged: true,
        overrideGrade: 'none',
        adviserReview: false,
      },
    });
    await page.getByTestId('final-profile').waitFor();
    await signAssessment(page);
    const events = await assessmentEvents(system, draft.id);
    expect(events[1]?.data).toMatchObject({ capacity: { acknowledged: true } });
  });
});
