import { describeTarget } from '@risk-profile/platform/testing';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import {
  agreeWithProfile,
  answerQuestion,
  answerQuestions,
  answersWith,
  CLIENT,
  calculate,
  signAssessment,
  startAssessment,
} from './support/journey';
import { browserSkipReason, newPhonePage } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const LIVE_MS = 2_000;
/** A long address with nowhere to break a line (no space or hyphen): the list must still fit a phone. */
const LONG_EMAIL = 'jordan.example.withaverylongaddress@exampleadvicefirm.com.au';

/** The demo administrator signs in on the admin login page, which goes on to the dashboard. */
async function signInAsAdmin(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
}

const statValue = (page: Page, label: string) =>
  page.locator('.admin-stat', { hasText: label }).locator('.admin-stat__value');
const statDetail = (page: Page, label: string) =>
  page.locator('.admin-stat', { hasText: label }).locator('.admin-stat__detail');

describeTarget('admin dashboard, live', browserTarget, () => {
  // The client's page; the administrator gets a browser context of their own.
  const suite = useBrowserSuite({ openAt: '/' });

  it('shows a client answering and completing in another browser within 2 s, without a reload', async () => {
    const admin = await newPhonePage(suite.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await admin.goto(`${suite.system.url}/admin/dashboard`);
      await admin.waitForURL(/\/admin\/login$/);

      await signInAsAdmin(admin);
      let navigations = 0;
      admin.on('framenavigated', (frame) => {
        if (frame === admin.mainFrame()) navigations++;
      });
      await admin.getByRole('heading', { name: 'Risk Profile Analytics' }).waitFor();
      await admin.getByText('Admin Dashboard', { exact: true }).waitFor();
      await admin.getByText('Live: updates appear as clients answer.').waitFor();
      navigations = 0;
      expect(await statValue(admin, 'Total Assessments').textContent()).toBe('0');
      expect(await statDetail(admin, 'Total Assessments').textContent()).toBe('Started 0 · Signed 0');
      // Nothing to divide or rank yet: N/A, not 0.0% or a question.
      expect(await statValue(admin, 'Completion Rate').textContent()).toBe('N/A');
      expect(await statValue(admin, 'Most Difficult').textContent()).toBe('N/A');
      expect(await statValue(admin, 'Avg. Time').textContent()).toBe('N/A');
      expect(await statValue(admin, 'Capacity Warnings').textContent()).toBe('N/A');
      await admin.getByText('No questions viewed yet.', { exact: false }).waitFor();

      // The client starts and answers question 1: the drop-off chart appears on the open dashboard
      // within 2 s of the answer.
      await startAssessment(suite.page, { ...CLIENT, email: LONG_EMAIL });
      const answering = Date.now();
      await answerQuestion(suite.page, 1, 3);
      // q1 at 0.0%: answered (the view alone, which the page may send first, shows 100.0%).
      const chart = admin.getByRole('img', {
        name: /Drop-off rate by question\. Q1 · Attitude to investment risk: 0\.0%/,
      });
      await chart.waitFor({ timeout: LIVE_MS });
      expect(Date.now() - answering).toBeLessThan(LIVE_MS);

      // The client completes: Total Assessments moves within 2 s of the draft being created.
      const { 1: _first, ...rest } = answersWith({}, 3);
      await answerQuestions(suite.page, rest);
      await calculate(suite.page);
      await agreeWithProfile(suite.page);
      const drafted = Date.now();
      await expect
        .poll(() => statValue(admin, 'Total Assessments').textContent(), { timeout: LIVE_MS, interval: 50 })
        .toBe('1');
      expect(Date.now() - drafted).toBeLessThan(LIVE_MS);
      // Drafted at "Yes, I agree": started, not signed.
      expect(await statDetail(admin, 'Total Assessments').textContent()).toBe('Started 1 · Signed 0');

      // The client signs: the completion rate reaches 100% (one session viewed q1, one signed).
      await signAssessment(suite.page);
      const signed = Date.now();
      await expect
        .poll(() => statValue(admin, 'Completion Rate').textContent(), { timeout: LIVE_MS, interval: 50 })
        .toBe('100.0%');
      expect(Date.now() - signed).toBeLessThan(LIVE_MS);
      expect(await statValue(admin, 'Avg. Time').textContent()).toMatch(/^\d+(ms|\.\ds|\.\dm)$/);
      await expect
        .poll(() => statDetail(admin, 'Total Assessments').textContent(), { timeout: LIVE_MS, interval: 50 })
        .toBe('Started 1 · Signed 1');
      // A question by its number and short text, or N/A if every question was easy.
      expect(await statValue(admin, 'Most Difficult').textContent()).toMatch(/^(Q\d+ · \S.*|N\/A)$/);
      // Middle answers (5 to 7 years, moderate capacity) with the recommended Balanced: no warning.
      expect(await statValue(admin, 'Capacity Warnings').textContent()).toBe('0.0%');
      expect(navigations).toBe(0);

      // Every tab's content.
      await admin.getByRole('tab', { name: 'Questions' }).click();
      const q1 = admin.getByRole('row', { name: /^Q1 · Attitude to investment risk / });
      await q1.waitFor();
      expect(await admin.getByRole('row').count()).toBe(19); // header + 18 questions
      expect(await q1.locator('.badge').textContent()).toMatch(/^(easy|medium|hard)$/);

      await admin.getByRole('tab', { name: 'Devices' }).click();
      const mobile = admin.locator('.device-list__item', { hasText: 'mobile' });
      await mobile.waitFor();
      expect(await mobile.textContent()).toContain('1 assessment');
      const devices = admin.getByRole('img', { name: /Completed assessments by device type\. Mobile: 1/ });
      await devices.waitFor();
      // The pie's legend names devices as the list does.
      await devices.locator('svg text', { hasText: /^Mobile$/ }).waitFor();

      await admin.getByRole('tab', { name: 'Assessments' }).click();
      const item = admin.locator('.assessment-list__item', { hasText: CLIENT.name });
      await item.waitFor();
      expect(await item.textContent()).toContain(LONG_EMAIL);
      expect(await item.textContent()).toMatch(/Score: \d+/);
      expect(await item.locator('.badge').textContent()).toBe('Signed');
      expect(await item.locator('.assessment-list__date').textContent()).toMatch(
        // In the firm's zone (REPORT_TIME_ZONE), named.
        /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM) \S+$/,
      );

      // On a phone: the assessment's card, long email and all, stays inside the list.
      await admin.setViewportSize({ width: 390, height: 844 });
      const list = (await admin.locator('.assessment-list').boundingBox())!;
      const card = (await item.boundingBox())!;
      expect(card.x + card.width).toBeLessThanOrEqual(list.x + list.width + 0.5);
      expect(await item.getByText(/^Score: \d+$/).isVisible()).toBe(true);

      // The questions table scrolls sideways on a phone: a named region a keyboard can focus.
      await admin.getByRole('tab', { name: 'Questions' }).click();
      const region = admin.getByRole('region', { name: 'Question Difficulty' });
      await region.focus();
      expect(await admin.locator(':focus').getAttribute('aria-labelledby')).toBe('question-difficulty-title');
      await admin.keyboard.press('ArrowRight');
      await expect
        .poll(() => region.evaluate((el) => (el as unknown as { scrollLeft: number }).scrollLeft))
        .toBeGreaterThan(0);

      // The drop-off chart on a phone: no two question labels overlap, and screen readers get the
      // numbers once, from the figure (the drawing itself is hidden from them).
      await admin.getByRole('tab', { name: 'Overview' }).click();
      const dropOff = admin.getByRole('img', { name: /^Drop-off rate by question\./ });
      await dropOff.locator('svg text').first().waitFor();
      // The question labels' boxes, left to right, once the chart has settled at the new width.
      const labelBoxes = async () => {
        const boxes: Array<{ left: number; right: number }> = [];
        for (const text of await dropOff.locator('svg text').all()) {
          const box = await text.boundingBox();
          if (box && /^Q\d+$/.test((await text.textContent()) ?? ''))
            boxes.push({ left: box.x, right: box.x + box.width });
        }
        return boxes.sort((a, b) => a.left - b.left);
      };
      const overlaps = async () => {
        const boxes = await labelBoxes();
        return boxes.length > 1 ? boxes.filter((b, i) => i > 0 && b.left < boxes[i - 1]!.right).length : -1;
      };
      await expect.poll(overlaps, { timeout: 5_000 }).toBe(0);
      expect(await dropOff.locator('[aria-label]').count()).toBe(0);

      // Another tab keeps the page where it was scrolled (the router would scroll to the top).
      await admin.evaluate('window.scrollTo(0, 40)');
      await admin.getByRole('tab', { name: 'Questions' }).click();
      await admin.waitForURL(/[?&]tab=questions(&|$)/);
      expect(Number(await admin.evaluate('window.scrollY'))).toBe(40);
      await admin.setViewportSize({ width: 1280, height: 900 });

      // The open section is in the address with the period, so a reload (or a shared link) keeps it.
      await admin.getByRole('tab', { name: 'Devices' }).click();
      await admin.waitForURL(/[?&]tab=devices(&|$)/);
      await admin.reload();
      await admin.getByRole('tab', { name: 'Devices', selected: true }).waitFor();
      await admin.locator('.device-list__item', { hasText: 'mobile' }).waitFor();
      await admin.getByRole('tab', { name: 'Overview' }).click();
      await admin.waitForURL((url) => !url.search.includes('tab='));

      // Filtered by an adviser this client did not come through (the address names it): nothing,
      // and nothing to average; every adviser again shows the client's assessment.
      await admin.goto(`${suite.system.url}/admin/dashboard?adviser=demo-adviser`);
      const adviserSelect = admin.getByLabel('Adviser', { exact: true });
      await expect.poll(() => adviserSelect.inputValue()).toBe('demo-adviser');
      await expect.poll(() => statValue(admin, 'Total Assessments').textContent()).toBe('0');
      expect(await statValue(admin, 'Avg. Time').textContent()).toBe('N/A');
      expect(await statValue(admin, 'Capacity Warnings').textContent()).toBe('N/A');
      await adviserSelect.selectOption('');
      await admin.waitForURL((url) => !url.search.includes('adviser='));
      await expect.poll(() => statValue(admin, 'Total Assessments').textContent()).toBe('1');

      // The questionnaire version the client answered is offered and counts the assessment; a
      // version nobody answered (named by the address) counts nothing; every version again shows it.
      const versionSelect = admin.getByLabel('Questionnaire version', { exact: true });
      await versionSelect.selectOption({ label: 'Version 1' });
      await admin.waitForURL(/[?&]version=1(&|$)/);
      await expect.poll(() => statValue(admin, 'Total Assessments').textContent()).toBe('1');
      await admin.goto(`${suite.system.url}/admin/dashboard?version=2`);
      await expect.poll(() => versionSelect.inputValue()).toBe('2');
      await expect.poll(() => statValue(admin, 'Total Assessments').textContent()).toBe('0');
      await versionSelect.selectOption('');
      await admin.waitForURL((url) => !url.search.includes('version='));
      await expect.poll(() => statValue(admin, 'Total Assessments').textContent()).toBe('1');

      // Logout clears the session and goes to the admin login.
      await admin.locator('.admin__header').getByRole('button', { name: 'Logout' }).click();
      await admin.waitForURL(/\/admin\/login$/);
      const after = await admin.context().request.get(`${suite.system.url}/api/admin/analytics/summary`);
      expect(after.status()).toBe(401);
    } finally {
      await admin.context().close();
    }
  });
});
