import { describeTarget } from '@risk-profile/platform/testing';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { browserSkipReason } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const DESKTOP = { width: 1280, height: 900 };

type Box = { x: number; y: number; width: number; height: number };
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not visible');
  return box;
}

/** The page's width as laid out: wider than the viewport means it scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate('document.documentElement.scrollWidth') as Promise<number>;

async function signInAsAdmin(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/admin/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await page.waitForURL(/\/admin\/dashboard/);
}

/** The dashboard with a question singled out as the most difficult and drop-off for all 18. */
async function stubDashboard(page: Page): Promise<void> {
  await page.route('**/api/admin/analytics/summary*', (route) =>
    route.fulfill({
      json: {
        totalAssessments: 12,
        signedAssessments: 9,
        completionRate: 75,
        averageTimePerAssessment: 480_000,
        mostDifficultQuestion: 'q6',
        capacityWarningShare: 11.1,
        householdShare: 25,
        questionnaireVersions: [1],
      },
    }),
  );
  await page.route('**/api/admin/analytics/drop-off*', (route) =>
    route.fulfill({
      json: Array.from({ length: 18 }, (_, i) => ({ questionId: `q${i + 1}`, dropOffRate: (i * 5) % 60 })),
    }),
  );
}

describeTarget('the admin area laid out at desktop and phone widths', browserTarget, () => {
  const suite = useBrowserSuite();

  it('gives /admin/advisers the admin navigation and Logout, lined up with the header', async () => {
    const { page } = suite;
    await page.setViewportSize(DESKTOP);
    await signInAsAdmin(page, suite.system.url);
    const edges = async (path: string, title: string) => {
      await page.goto(`${suite.system.url}${path}`);
      const heading = page.getByRole('heading', { level: 1, name: title });
      await heading.waitFor();
      const nav = page.getByRole('navigation', { name: 'Admin' });
      const logout = page.getByRole('button', { name: 'Logout' });
      return { heading: await boxOf(heading), nav: await boxOf(nav), logout: await boxOf(logout) };
    };
    const advisers = await edges('/admin/advisers', 'Advisers and accounts');
    const current = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', {
      name: 'Advisers and accounts',
    });
    expect(await current.getAttribute('aria-current')).toBe('page');
    // Its sections start where its title does.
    const section = await boxOf(page.getByRole('heading', { level: 2, name: 'Advisers' }));
    expect(section.x).toBeCloseTo(advisers.heading.x, 0);

    // Lined up with the site's header: the title starts under its brand.
    const brand = await boxOf(page.getByRole('link', { name: 'Risk Profile home' }));
    expect(advisers.heading.x).toBeCloseTo(brand.x, 0);
    // The same place as every other admin page.
    const dataRequests = await edges('/admin/data-requests', 'Data requests');
    expect(advisers.heading.x).toBeCloseTo(dataRequests.heading.x, 0);
    expect(advisers.logout.x + advisers.logout.width).toBeCloseTo(
      dataRequests.logout.x + dataRequests.logout.width,
      0,
    );

    // Logout from the accounts page ends the session and lands on the admin login.
    await page.goto(`${suite.system.url}/admin/advisers`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin\/login$/);
  });

  it('keeps the Most Difficult card’s question inside its card at 1280 px', async () => {
    const { page } = suite;
    await page.setViewportSize(DESKTOP);
    await stubDashboard(page);
    await signInAsAdmin(page, suite.system.url);
    const card = page.locator('.admin-stat', { hasText: 'Most Difficult' });
    await card.getByText('Share in growth investments').waitFor();
    const cardBox = await boxOf(card);
    const value = await boxOf(card.locator('.admin-stat__value'));
    expect(value.x + value.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(
      await card.evaluate((el) => (el as unknown as { scrollWidth: number }).scrollWidth),
    ).toBeLessThanOrEqual(Math.ceil(cardBox.width));
    expect(await card.locator('.admin-stat__value').textContent()).toBe('Q6 · Share in growth investments');
  });

  it('fits the dashboard in a 390 px phone and names every question on the drop-off chart', async () => {
    const { page } = suite;
    await stubDashboard(page);
    await signInAsAdmin(page, suite.system.url);
    const card = page.locator('.admin-stat', { hasText: 'Most Difficult' });
    await card.getByText('Share in growth investments').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const chart = page.getByRole('img', { name: /^Drop-off rate by question\./ });
    await chart.locator('svg text').first().waitFor();
    const labels = async () => {
      const texts: string[] = [];
      for (const text of await chart.locator('svg text').all()) {
        const content = (await text.textContent()) ?? '';
        if (/^Q?\d+$/.test(content) && (await text.isVisible())) texts.push(content);
      }
      return texts;
    };
    await expect
      .poll(labels, { timeout: 5_000 })
      .toEqual(Array.from({ length: 18 }, (_, i) => expect.stringMatching(new RegExp(`^Q?${i + 1}$`))));
    // All 18, and no two overlap.
    const boxes: Box[] = [];
    for (const text of await chart.locator('svg text').all())
      if (/^Q\d+$/.test((await text.textContent()) ?? '')) boxes.push(await boxOf(text));
    boxes.sort((a, b) => a.x - b.x);
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width);
  });
});
