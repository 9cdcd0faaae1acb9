import { ASSESSMENT_LIFECYCLE_TOPIC, calculatePercentile } from '@risk-profile/contracts';
import type { StoredEvent } from '@risk-profile/platform';
import { describeTarget } from '@risk-profile/platform/testing';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import {
  agreeWithProfile,
  answersWith,
  asResponses,
  CLIENT,
  capturingDraft,
  reachResults,
  signAssessment,
  signatureBox,
  signButton,
} from './support/journey';
import { assessmentEvents, recordTopic } from './support/observe';
import { browserSkipReason } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };

const CHOICE_MESSAGES = [
  'Please select your preferred Risk Profile.',
  'Please explain why you feel this Risk Profile is more appropriate.',
  'Please acknowledge that you understand the risks of changing your profile.',
] as const;

// Growth (group 4): 46 points over questions 1-12 with no contradiction. Half of these questions
// are reverse-scored, so the stored scores prove the page maps each letter to the right score.
const GROWTH_ANSWERS = answersWith(
  { 1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 3, 7: 3, 8: 4, 9: 4, 10: 4, 11: 4, 12: 4 },
  4,
);

describeTarget('client journey', browserTarget, () => {
  const suite = useBrowserSuite({ openAt: '/' });

  it('agrees with the recommended profile, signs, and the signed assessment is stored and published', async () => {
    const lifecycle = await recordTopic(suite.system, ASSESSMENT_LIFECYCLE_TOPIC);
    try {
      await reachResults(suite.page, GROWTH_ANSWERS);

      expect(await suite.page.getByTestId('profile-name').textContent()).toBe('Growth');
      expect(await suite.page.getByTestId('risk-score').textContent()).toBe('46 / 60');
      expect(await suite.page.getByTestId('risk-group').textContent()).toBe('4 / 5');
      expect(await suite.page.getByTestId('percentile').textContent()).toBe(
        `Higher than ${calculatePercentile(46)}% of all scores`,
      );
      expect(await suite.page.getByTestId('prediction').textContent()).toContain(
        'You predicted your risk profile perfectly.',
      );

      const draft = await agreeWithProfile(suite.page);
      expect(await suite.page.getByTestId('final-profile').textContent()).toBe('Growth');
      expect(draft).toMatchObject({ status: 'draft', selectedProfile: 'Growth', profileChanged: false });

      // Section 5's 'Confirmation Required' toast answers a Sign press without the tick, but Sign
      // stays disabled until the box is ticked, so the page never lets that press happen: the
      // disabled button is the guard a user meets, and the one asserted here.
      expect(await signButton(suite.page).isDisabled()).toBe(true);
      const signRequest = suite.page.waitForRequest(
        (request) =>
          request.method() === 'POST' && request.url().endsWith(`/api/assessments/${draft.id}/sign`),
      );
      await signAssessment(suite.page, { exclusions: 'Tobacco', preferences: 'Australian shares' });
      const userAgent = await (await signRequest).headerValue('user-agent');
      expect(userAgent).toMatch(/Chrome\//);
      // No SMTP_URL here: the screen says the copy is saved in the outbox folder, not emailed,
      // and never where that folder is on the server.
      expect(await suite.page.getByTestId('report-recipients').textContent()).toBe(
        `A copy of your Risk Profile report is addressed to you at ${CLIENT.email}. No mail server is configured, so emails are saved in the outbox folder on the server instead of being sent.`,
      );
      expect(await suite.page.content()).not.toContain(suite.system.dataDir);

      const events = await assessmentEvents(suite.system, draft.id);
      expect(events.map((event) => event.type)).toEqual(['AssessmentDrafted', 'AssessmentSigned']);
      const [drafted, signed] = events as [StoredEvent, StoredEvent];
      expect(drafted.data).toMatchObject({
        clientName: CLIENT.name,
        clientEmail: CLIENT.email,
        riskScore: 46,
        originalProfile: 'Growth',
        selectedProfile: 'Growth',
        adviserSlug: null,
        responses: asResponses(GROWTH_ANSWERS),
      });
      expect(signed.data).toMatchObject({
        assessmentId: draft.id,
        investmentExclusions: 'Tobacco',
        investmentPreferences: 'Australian shares',
        ipAddress: '127.0.0.1',
        userAgent,
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      });

      await expect
        .poll(
          () =>
            lifecycle.messages
              .filter((message) => message.key === draft.id)
              .map((message) => (message.value as { type: string }).type),
          { timeout: 20_000 },
        )
        .toEqual(['AssessmentDrafted', 'AssessmentSigned']);
      const published = lifecycle.messages.find(
        (message) =>
          message.key === draft.id && (message.value as { type: string }).type === 'AssessmentSigned',
      );
      expect(published?.value).toMatchObject({
        id: signed.id,
        data: {
          assessmentId: draft.id,
          digest: (signed.data as { digest: string }).digest,
          ipAddress: '127.0.0.1',
        },
      });
    } finally {
      await lifecycle.stop();
    }
  });

  it('chooses a higher profile after the three profile-change messages and completes with it', async () => {
    await reachResults(suite.page);
    expect(await suite.page.getByTestId('profile-name').textContent()).toBe('Balanced');

    await suite.page.getByRole('button', { name: 'No, choose another profile' }).click();
    const continueButton = suite.page.getByRole('button', { name: 'Continue' });
    const warning = suite.page.getByTestId('profile-change-warning');
    // Exactly the messages on screen, so each step shows that one message replaced the previous.
    const shownMessages = async () => {
      const shown: string[] = [];
      for (const message of CHOICE_MESSAGES) {
        if ((await suite.page.getByText(message, { exact: true }).count()) > 0) shown.push(message);
      }
      return shown;
    };
    const [chooseMessage, explainMessage, acknowledgeMessage] = CHOICE_MESSAGES;

    await continueButton.click();
    await suite.page.getByText(chooseMessage, { exact: true }).waitFor();
    expect(await shownMessages()).toEqual([chooseMessage]);

    await suite.page.getByRole('radio', { name: /^Moderately Conservative/ }).click();
    await warning.filter({ hasText: 'This profile may earn lower returns than recommended' }).waitFor();
    expect(await shownMessages()).toEqual([]);

    await suite.page.getByRole('radio', { name: /^High Growth/ }).click();
    await warning.filter({ hasText: 'This profile carries more risk than recommended' }).waitFor();
    expect(await warning.textContent()).toContain('increased risk');

    await continueButton.click();
    await suite.page.getByText(explainMessage, { exact: true }).waitFor();
    expect(await shownMessages()).toEqual([explainMessage]);

    const why = 'I have a long horizon and other assets to fall back on.';
    await suite.page.getByLabel(/^Why do you feel High Growth is more appropriate/).fill(why);
    await continueButton.click();
    await suite.page.getByText(acknowledgeMessage, { exact: true }).waitFor();
    expect(await shownMessages()).toEqual([acknowledgeMessage]);

    await suite.page
      .getByRole('checkbox', { name: /^I understand the risks of choosing a Risk Profile/ })
      .check();
    // High Growth goes beyond these answers' 5 to 7 year horizon and moderate capacity for loss.
    await suite.page
      .getByRole('checkbox', { name: /^I understand that the Risk Profile I have chosen goes beyond/ })
      .check();
    const draft = await capturingDraft(suite.page, () => continueButton.click());
    await suite.page.getByTestId('final-profile').waitFor();
    expect(await suite.page.getByTestId('final-profile').textContent()).toBe('High Growth');
    expect(draft).toMatchObject({
      originalProfile: 'Balanced',
      selectedProfile: 'High Growth',
      profileChanged: true,
      profileChangeReason: why,
    });

    expect(await signButton(suite.page).isDisabled()).toBe(true);
    await signatureBox(suite.page).check();
    expect(await signButton(suite.page).isEnabled()).toBe(true);
    await signButton(suite.page).click();
    await suite.page.getByRole('heading', { name: 'Assessment Complete' }).waitFor();
    expect(await suite.page.getByText('Your Risk Profile:').textContent()).toBe(
      'Your Risk Profile: High Growth',
    );

    const events = await assessmentEvents(suite.system, draft.id);
    expect(events.map((event) => event.type)).toEqual(['AssessmentDrafted', 'AssessmentSigned']);
    expect(events[0]?.data).toMatchObject({ selectedProfile: 'High Growth', riskAcknowledged: true });
  });
});
