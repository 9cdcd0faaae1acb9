import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinkTokenSigner } from '@risk-profile/adviser';
import { describeTarget } from '@risk-profile/platform/testing';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import {
  agreeWithProfile,
  answerQuestions,
  answersWith,
  CLIENT,
  isFocused,
  openAssessment,
  questionCard,
  reachResults,
  signatureBox,
  signButton,
  startAssessment,
  toastWith,
} from './support/journey';
import { browserSkipReason } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
// The front end's local-storage key for saved progress (frontend/.../model/saved-progress.ts).
const PROGRESS_KEY = 'risk-profile:progress:v1';

/** What a client sees around the journey: links kept for the visit, pasting, saving, notices, layout. */
describeTarget("the client's visit", browserTarget, () => {
  const suite = useBrowserSuite();

  const page = () => suite.page;
  const fieldValues = async () => ({
    name: await page().getByLabel('Full name').inputValue(),
    email: await page().getByLabel('Email address').inputValue(),
    phone: await page().getByLabel('Mobile number').inputValue(),
  });
  const banner = () => page().getByTestId('adviser-banner').filter({ hasText: 'Alex Morgan' });
  const footerLink = (name: string) =>
    page().getByRole('navigation', { name: 'Footer' }).getByRole('link', { name });
  const savedResponses = async (): Promise<Record<string, number> | null> => {
    const { origins } = await page().context().storageState();
    const entry = origins
      .find((origin) => origin.origin === new URL(suite.system.url).origin)
      ?.localStorage.find((item) => item.name === PROGRESS_KEY);
    return entry ? (JSON.parse(entry.value) as { responses: Record<string, number> }).responses : null;
  };

  it('keeps a link’s details and adviser after the client reads the Privacy and Security pages', async () => {
    const secret = JSON.parse(readFileSync(join(suite.system.dataDir, 'secrets.json'), 'utf8'))
      .LINK_TOKEN_SECRET as string;
    const token = createLinkTokenSigner(secret, () => new Date()).sign({
      name: 'Casey Link',
      email: 'casey@example.com',
      phone: '0412345678',
      adviserSlug: 'demo-adviser',
    });
    const linked = { name: 'Casey Link', email: 'casey@example.com', phone: '0412 345 678' };
    await openAssessment(page(), suite.system.url, `/?token=${token}`);
    await expect.poll(fieldValues).toEqual(linked);
    await banner().waitFor();

    // Away through the footer and back with the page's own Back link.
    await footerLink('Privacy Policy').click();
    await page().getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await page().getByRole('link', { name: 'Back' }).click();
    await page().getByRole('heading', { name: 'Discover your Risk Profile' }).waitFor();
    await banner().waitFor();
    expect(await fieldValues()).toEqual(linked);

    // Away again, and back with the page's Start Assessment button.
    await footerLink('Security').click();
    await page().getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await page().getByRole('link', { name: 'Start Assessment' }).click();
    await page().getByRole('heading', { name: 'Discover your Risk Profile' }).waitFor();
    await banner().waitFor();
    expect(await fieldValues()).toEqual(linked);

    // The report still goes to the adviser the link named.
    await reachResults(page(), answersWith(), { name: linked.name });
    const draft = await agreeWithProfile(page());
    expect(draft.adviserSlug).toBe('demo-adviser');
    expect(draft.clientEmail).toBe(linked.email);
  });

  it('returns from a legal page opened on its own to the adviser’s page', async () => {
    await openAssessment(page(), suite.system.url, '/demo-adviser');
    await banner().waitFor();
    // A full page load, as from a bookmark or a reload: no in-app history to go back through.
    await page().goto(new URL('/privacy', suite.system.url).toString());
    await page().getByRole('link', { name: 'Back' }).click();
    await banner().waitFor();
    expect(new URL(page().url()).pathname).toBe('/demo-adviser');

    await page().goto(new URL('/security', suite.system.url).toString());
    await page().getByRole('link', { name: 'Start Assessment' }).click();
    await banner().waitFor();
    expect(new URL(page().url()).pathname).toBe('/demo-adviser');
  });

  it('formats a pasted international mobile number in full', async () => {
    await openAssessment(page(), suite.system.url);
    await page()
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.system.url });
    await page().getByLabel('Full name').fill(CLIENT.name);
    const mobile = page().getByLabel('Mobile number');
    await mobile.focus();
    await page().evaluate("navigator.clipboard.writeText('+61 412 345 678')");
    await page().keyboard.press('Control+V');
    await expect.poll(() => mobile.inputValue()).toBe('0412 345 678');

    await page().getByRole('button', { name: 'Start Assessment' }).click();
    await questionCard(page(), 1).waitFor();
    expect(await page().locator('.field__error').count()).toBe(0);
  });

  it('saves the answers when the client leaves through an in-app link, and when the page is left', async () => {
    await openAssessment(page(), suite.system.url);
    await startAssessment(page());
    await answerQuestions(page(), { 1: 3, 2: 4 });
    await footerLink('Privacy Policy').click();
    await page().getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    // Well inside the 10-second autosave interval.
    expect(await savedResponses()).toEqual({ q1: 3, q2: 4 });

    await page().getByRole('link', { name: 'Back' }).click();
    const resume = page().getByTestId('resume-dialog');
    await resume.getByRole('button', { name: 'Continue' }).click();
    await answerQuestions(page(), { 3: 5 });
    await page().goto('about:blank');
    await page().goto(new URL('/privacy', suite.system.url).toString());
    expect(await savedResponses()).toEqual({ q1: 3, q2: 4, q3: 5 });
  });

  it('shows draft and sign failures as the status, a colon and the server’s reason', async () => {
    await openAssessment(page(), suite.system.url);
    await reachResults(page());
    await page().route('**/api/assessments', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'That adviser does not exist.' }),
      }),
    );
    await page().getByRole('button', { name: 'Yes, I agree' }).click();
    const draftNotice = toastWith(page(), 'Draft Creation Failed');
    await draftNotice.waitFor();
    expect(await draftNotice.textContent()).toContain('422: That adviser does not exist.');

    await page().unroute('**/api/assessments');
    await agreeWithProfile(page());
    await page().route('**/api/assessments/*/sign', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service restarting' }),
    );
    await signatureBox(page()).check();
    await signButton(page()).click();
    const signNotice = toastWith(page(), 'Signing Failed');
    await signNotice.waitFor();
    expect(await signNotice.textContent()).toContain('503: Service restarting');
  });

  it('fills the question bar and marks every question answered at 18 of 18', async () => {
    await openAssessment(page(), suite.system.url);
    await startAssessment(page());
    await answerQuestions(page(), answersWith());
    expect(await page().getByTestId('question-progress').textContent()).toBe('18 of 18 questions completed');
    const bar = page().getByRole('progressbar', { name: '18 of 18 questions completed' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('18');
    const fill = bar.locator('.progress-bar__fill');
    await expect
      .poll(async () => ((await fill.boundingBox())?.width ?? 0) / ((await bar.boundingBox())?.width ?? 1))
      .toBeGreaterThan(0.99);
    const markers = page().locator('.item-marker');
    expect(await markers.count()).toBe(18);
    for (let index = 0; index < 18; index += 1) {
      expect(await markers.nth(index).getAttribute('data-state'), `marker ${index + 1}`).toBe('completed');
    }
  });

  it('moves focus to the profile choice when none is selected', async () => {
    await openAssessment(page(), suite.system.url);
    await reachResults(page());
    await page().getByRole('button', { name: 'No, choose another profile' }).click();
    await page().getByRole('button', { name: 'Continue' }).click();
    await page().getByText('Please select your preferred Risk Profile.', { exact: true }).waitFor();
    await expect.poll(() => isFocused(page().getByRole('radio').first())).toBe(true);
  });

  it('keeps the progress header within 100 px of a 390 x 844 screen while the client scrolls', async () => {
    await openAssessment(page(), suite.system.url);
    await startAssessment(page());
    await answerQuestions(page(), { 1: 3, 2: 3, 3: 3 });
    await questionCard(page(), 8).scrollIntoViewIfNeeded();
    await page().mouse.wheel(0, 400);
    const header = page().getByRole('navigation', { name: 'Assessment progress' });
    await expect.poll(async () => (await header.boundingBox())?.height ?? Infinity).toBeLessThanOrEqual(100);
    const box = await header.boundingBox();
    // Stuck to the top of the screen, with the percent, the count and the 18 markers on show.
    expect(box?.y).toBe(0);
    expect(await header.getByTestId('progress-percent').isVisible()).toBe(true);
    expect(await header.getByTestId('progress-percent').textContent()).toMatch(/^\d+% complete$/);
    const count = header.getByTestId('question-progress');
    expect(await count.isVisible()).toBe(true);
    expect(await count.textContent()).toMatch(/ of 18/);
    const markers = header.locator('.item-marker');
    expect(await markers.count()).toBe(18);
    for (let index = 0; index < 18; index += 1) {
      const marker = await markers.nth(index).boundingBox();
      expect(marker?.width, `marker ${index + 1}`).toBeGreaterThan(0);
      expect(marker?.height, `marker ${index + 1}`).toBeGreaterThan(0);
    }
  });

  it('tells the client what the Sign button waits for', async () => {
    await openAssessment(page(), suite.system.url);
    await reachResults(page());
    await agreeWithProfile(page());
    const sign = signButton(page());
    expect(await sign.isDisabled()).toBe(true);
    const describedBy = await sign.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    const hint = page().locator(`[id="${describedBy}"]`);
    expect(await hint.textContent()).toBe('Tick the box above to sign');
    expect(await hint.isVisible()).toBe(true);

    await signatureBox(page()).check();
    await expect.poll(() => sign.isDisabled()).toBe(false);
    expect(await hint.count()).toBe(0);
  });
});
