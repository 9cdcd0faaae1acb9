import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinkTokenSigner, DEMO_ACCOUNTS, type LinkTokenSigner } from '@risk-profile/adviser';
import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  parseIntegrationEvent,
  QUESTIONNAIRE_LINKS_TOPIC,
  type QuestionnaireLinkRequestedV1,
} from '@risk-profile/contracts';
import { describeTarget, eventually } from '@risk-profile/platform/testing';
import { beforeAll, expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import {
  agreeWithProfile,
  CLIENT,
  openAssessment,
  reachResults,
  signAssessment,
  toastWith,
} from './support/journey';
import { assessmentEvents, recordTopic } from './support/observe';
import { browserSkipReason } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID_LINK = 'The link appears to be invalid or expired. Please enter your details manually.';

describeTarget('adviser pages and questionnaire links', browserTarget, () => {
  const suite = useBrowserSuite();
  let secret: string;
  beforeAll(() => {
    // The embedded start generated the link secret and kept it in the data folder.
    secret = JSON.parse(readFileSync(join(suite.system.dataDir, 'secrets.json'), 'utf8')).LINK_TOKEN_SECRET;
  });

  const signerAt = (now: () => Date): LinkTokenSigner => createLinkTokenSigner(secret, now);
  const fieldValues = async () => ({
    name: await suite.page.getByLabel('Full name').inputValue(),
    email: await suite.page.getByLabel('Email address').inputValue(),
    phone: await suite.page.getByLabel('Mobile number').inputValue(),
  });

  it('shows the adviser on their page and sends the completed assessment to them', async () => {
    await openAssessment(suite.page, suite.system.url, '/demo-adviser');
    const banner = suite.page.getByTestId('adviser-banner');
    await banner.waitFor();
    const bannerText = await banner.textContent();
    expect(bannerText).toContain('Alex Morgan');
    expect(bannerText).toContain('Harbour Wealth Partners');
    expect(bannerText).toContain('When you sign, your report will be addressed to them.');

    await reachResults(suite.page);
    const draft = await agreeWithProfile(suite.page);
    await signAssessment(suite.page);
    // No SMTP_URL here: the screen says the report is saved in the outbox folder, not emailed,
    // and never where that folder is on the server.
    expect(await suite.page.getByTestId('report-recipients').textContent()).toBe(
      `Your Risk Profile report is addressed to Alex Morgan at Harbour Wealth Partners, with a copy to you at ${CLIENT.email}. No mail server is configured, so emails are saved in the outbox folder on the server instead of being sent.`,
    );
    expect(await suite.page.content()).not.toContain(suite.system.dataDir);
    // Once signed, the banner no longer promises what signing will do.
    expect(await banner.textContent()).toContain('Your signed report is addressed to them.');
    expect(await banner.textContent()).not.toContain('When you sign');

    const events = await assessmentEvents(suite.system, draft.id);
    expect(events.map((event) => event.type)).toEqual(['AssessmentDrafted', 'AssessmentSigned']);
    expect(events[0]?.data).toMatchObject({ adviserSlug: 'demo-adviser' });
  });

  it('attributes an assessment run in person at / to the signed-in adviser, so the report goes to them', async () => {
    const page = suite.page;
    await page.goto(`${suite.system.url}/login`);
    await page.getByLabel('Email').fill('adviser@example.com');
    await page.getByLabel('Password').fill('adviser-demo-2026');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // The adviser lands in the workspace and starts an assessment with the client from there.
    await page.waitForURL(`${suite.system.url}/adviser`);
    await page.getByRole('link', { name: 'New assessment in person' }).click();
    await page.waitForURL(`${suite.system.url}/`);
    await page.getByText('This assessment will be attributed to Alex Morgan.').waitFor();

    await reachResults(page);
    const draft = await agreeWithProfile(page);
    expect(draft.adviserSlug).toBe('demo-adviser');
    await signAssessment(page);
    // The page learnt the adviser from the draft: the success screen names who gets the report.
    expect(await page.getByTestId('report-recipients').textContent()).toContain(
      'Your Risk Profile report is addressed to Alex Morgan at Harbour Wealth Partners',
    );
    const events = await assessmentEvents(suite.system, draft.id);
    expect(events.map((event) => event.type)).toEqual(['AssessmentDrafted', 'AssessmentSigned']);
    expect(events[0]?.data).toMatchObject({
      adviserSlug: 'demo-adviser',
      adviser: { adviserName: 'Alex Morgan', email: 'adviser@example.com' },
    });
  });

  it('tells the client when the adviser in the address does not exist', async () => {
    await openAssessment(suite.page, suite.system.url, '/no-such-adviser');
    await suite.page.getByTestId('adviser-missing').waitFor();
    expect(await suite.page.getByTestId('adviser-missing').textContent()).toContain(
      "We couldn't find that adviser",
    );
    expect(await suite.page.getByTestId('adviser-banner').count()).toBe(0);
  });

  it('pre-fills the form from a valid link and takes the token out of the address', async () => {
    const token = signerAt(() => new Date()).sign({
      name: 'Casey Link',
      email: 'casey@example.com',
      phone: '0412345678',
      adviserSlug: 'demo-adviser',
    });
    await openAssessment(suite.page, suite.system.url, `/?token=${token}`);

    await expect
      .poll(fieldValues)
      .toEqual({ name: 'Casey Link', email: 'casey@example.com', phone: '0412 345 678' });
    expect(suite.page.url()).not.toContain('token=');
    // The adviser named in the link is shown even though the address names none.
    await suite.page.getByTestId('adviser-banner').filter({ hasText: 'Alex Morgan' }).waitFor();
    expect(await toastWith(suite.page, 'Invalid Link').count()).toBe(0);
  });

  it.each([
    {
      kind: 'tampered',
      token: (signer: LinkTokenSigner) => {
        const bytes = Buffer.from(
          signer.sign({ name: 'Casey Link', email: 'casey@example.com' }),
          'base64url',
        );
        bytes[20] = bytes[20]! ^ 0x01;
        return bytes.toString('base64url');
      },
      clock: () => new Date(),
    },
    {
      kind: 'expired',
      token: (signer: LinkTokenSigner) => signer.sign({ name: 'Casey Link', email: 'casey@example.com' }),
      // Issued 15 days ago: one day past the 14-day lifetime.
      clock: () => new Date(Date.now() - 15 * DAY_MS),
    },
  ])(
    'refuses a $kind link with the invalid-link notice and leaves the form empty',
    async ({ token, clock }) => {
      await openAssessment(suite.page, suite.system.url, `/?token=${token(signerAt(clock))}`);

      const notice = toastWith(suite.page, 'Invalid Link');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(INVALID_LINK);
      expect(await fieldValues()).toEqual({ name: '', email: '', phone: '' });
      expect(suite.page.url()).not.toContain('token=');
    },
  );

  it('opens the short link of an SMS as the long link, and the signed assessment names the link', async () => {
    const links = await recordTopic(suite.system, QUESTIONNAIRE_LINKS_TOPIC);
    const lifecycle = await recordTopic(suite.system, ASSESSMENT_LIFECYCLE_TOPIC);
    try {
      const api = (path: string, body: unknown, cookie = '') =>
        fetch(`${suite.system.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        });
      const adviser = DEMO_ACCOUNTS[1];
      const login = await api('/api/auth/login', { email: adviser.email, password: adviser.password });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const sent = await api(
        '/api/send-questionnaire-link',
        { clientName: 'Sasha Texted', clientPhone: '0412 345 678', method: 'sms' },
        cookie,
      );
      expect(sent.status).toBe(200);
      const link = await eventually(async () => {
        const found = links.messages
          .map(
            (m) => parseIntegrationEvent(QUESTIONNAIRE_LINKS_TOPIC, m.value) as QuestionnaireLinkRequestedV1,
          )
          .find((event) => event.data.clientName === 'Sasha Texted');
        if (!found?.data.shortUrl) throw new Error('the link has not been published yet');
        return found.data;
      });
      const shortUrl = new URL(link.shortUrl!);
      expect(shortUrl.pathname).toMatch(/^\/l\/[0-9A-Za-z]{10}$/);

      await openAssessment(suite.page, suite.system.url, shortUrl.pathname);
      await expect.poll(fieldValues).toEqual({ name: 'Sasha Texted', email: '', phone: '0412 345 678' });
      // It lands where the long link does, with the token already out of the address.
      await expect.poll(() => new URL(suite.page.url()).pathname).toBe('/demo-adviser');
      expect(suite.page.url()).not.toContain('token=');
      await suite.page.getByTestId('adviser-banner').filter({ hasText: 'Alex Morgan' }).waitFor();

      await reachResults(suite.page);
      const draft = await agreeWithProfile(suite.page);
      await signAssessment(suite.page);
      const signed = await eventually(async () => {
        const found = lifecycle.messages
          .map((m) => parseIntegrationEvent(ASSESSMENT_LIFECYCLE_TOPIC, m.value))
          .find((event) => event.type === 'AssessmentSigned' && event.data.assessmentId === draft.id);
        if (!found) throw new Error('not signed yet');
        return found;
      });
      expect((signed.data as { linkId?: string | null }).linkId).toBe(link.linkId);
    } finally {
      await links.stop();
      await lifecycle.stop();
    }
  });

  it('tells the client when a short link is unknown or expired', async () => {
    await suite.page.goto(`${suite.system.url}/l/Zz9Zz9Zz9Z`);
    const notice = suite.page.getByTestId('short-link-error');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(INVALID_LINK);
    await suite.page.getByRole('link', { name: 'Start Assessment' }).click();
    await suite.page.getByRole('heading', { name: 'Discover your Risk Profile' }).waitFor();
  });
});
