import { DEMO_ACCOUNTS } from '@risk-profile/adviser';
import { describeTarget } from '@risk-profile/platform/testing';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { toastWith } from './support/journey';
import { browserSkipReason } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const ADVISER = DEMO_ACCOUNTS[1];
const CLIENT = {
  name: 'Casey Layout',
  email: 'casey.layout.very.longname@harbour-example.com',
  phone: '0412 345 678',
};

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not visible');
  return box;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The element's text as it is laid out, one string per line (characters grouped by their top).
 * Written as page code in a string: this tier is compiled without the DOM's types. Playwright
 * sends the function's source to the page.
 */
const RENDERED_LINES = new Function(
  'element',
  `
  const lines = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let i = 0; i < text.length; i += 1) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      const line = lines.find((candidate) => Math.abs(candidate.top - rect.top) < rect.height / 2);
      if (line) line.text += text[i];
      else lines.push({ top: rect.top, text: text[i] });
    }
  }
  return lines.sort((a, b) => a.top - b.top).map((line) => line.text.trim());
`,
) as (element: unknown) => string[];

const renderedLines = (locator: Locator) => locator.evaluate(RENDERED_LINES);

/** Whether the element's content fits its width (nothing spills out sideways). */
const fitsWidth = (locator: Locator) =>
  locator.evaluate((element) => {
    const { scrollWidth, clientWidth } = element as unknown as { scrollWidth: number; clientWidth: number };
    return scrollWidth <= clientWidth;
  });

async function signInAsAdviser(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(ADVISER.email);
  await page.getByLabel('Password').fill(ADVISER.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${url}/adviser`);
  // The welcome step, where an adviser sends a link as well as in the workspace.
  await page.goto(`${url}/`);
  await page.getByLabel('Full name').fill(CLIENT.name);
  await page.getByLabel('Email address').fill(CLIENT.email);
  await page.getByLabel('Mobile number').fill(CLIENT.phone);
}

describeTarget('page layout at phone and desktop widths', browserTarget, () => {
  const suite = useBrowserSuite();

  it.each(['/login', '/admin/login'])('centres the sign-in card of %s at 1280 px', async (path) => {
    await suite.page.setViewportSize({ width: 1280, height: 900 });
    await suite.page.goto(`${suite.system.url}${path}`);
    const card = suite.page.locator('.auth-card');
    await card.waitFor();
    const box = await boxOf(card);
    const width = Number(await suite.page.evaluate('document.documentElement.clientWidth'));
    expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThanOrEqual(1);
  });

  it('breaks the send-link addresses only between the name and the domain at 390 px', async () => {
    await signInAsAdviser(suite.page, suite.system.url);
    await suite.page.getByRole('button', { name: 'Send Link to Complete Later' }).click();
    const dialog = suite.page.getByTestId('send-link-dialog');
    const byEmail = dialog.getByRole('button', { name: `Send by Email to ${CLIENT.email}` });
    const bySms = dialog.getByRole('button', { name: `Send by SMS to ${CLIENT.phone}` });
    await byEmail.waitFor();

    const emailLines = await renderedLines(byEmail.locator('.send-link-option__to'));
    const unspaced = (text: string) => text.replace(/\s/g, '');
    expect(unspaced(emailLines.join(''))).toBe(unspaced(`to ${CLIENT.email}`));
    // The address is too long for one line here; it may break only after the @.
    expect(emailLines.length).toBeGreaterThan(1);
    for (const line of emailLines.slice(0, -1)) expect(line).toMatch(/(@|^to)$/);
    const smsLines = await renderedLines(bySms.locator('.send-link-option__to'));
    expect(smsLines.some((line) => line.endsWith(CLIENT.phone))).toBe(true);
    // Both buttons hold their text: nothing overflows the dialog.
    const dialogBox = await boxOf(dialog);
    for (const button of [byEmail, bySms]) {
      const box = await boxOf(button);
      expect(box.x).toBeGreaterThanOrEqual(dialogBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
      expect(await fitsWidth(button)).toBe(true);
    }
  });

  it("keeps the link-sent notice off the form's fields and buttons at 1280 px", async () => {
    await suite.page.setViewportSize({ width: 1280, height: 900 });
    await signInAsAdviser(suite.page, suite.system.url);
    const sendLink = suite.page.getByRole('button', { name: 'Send Link to Complete Later' });
    await sendLink.click();
    await suite.page.getByRole('button', { name: `Send by Email to ${CLIENT.email}` }).click();
    const notice = toastWith(suite.page, 'Link Sent');
    await notice.waitFor();
    // Let the entry animation finish before measuring.
    await expect
      .poll(() =>
        notice.evaluate(
          (element) => (element as unknown as { getAnimations(): unknown[] }).getAnimations().length,
        ),
      )
      .toBe(0);

    const noticeBox = await boxOf(notice);
    const form = [
      suite.page.getByLabel('Full name'),
      suite.page.getByLabel('Email address'),
      suite.page.getByLabel('Mobile number'),
      suite.page.getByRole('button', { name: 'Start Assessment' }),
      sendLink,
    ];
    for (const control of form) expect(overlaps(noticeBox, await boxOf(control))).toBe(false);
    // In the narrower toast, the long address and folder wrap inside it.
    const description = notice.locator('.toast__description');
    expect(await fitsWidth(description)).toBe(true);
  });
});
