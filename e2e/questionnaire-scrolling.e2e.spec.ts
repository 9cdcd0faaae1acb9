import { describeTarget } from '@risk-profile/platform/testing';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { answerQuestion, isFocused, questionCard, startAssessment } from './support/journey';
import { browserSkipReason } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const SCREENS = [
  { name: 'a 1280 x 800 desktop', width: 1280, height: 800 },
  { name: 'a 390 x 844 phone', width: 390, height: 844 },
] as const;

/** Where the sticky progress header ends, in the viewport's pixels. */
async function headerBottom(page: Page): Promise<number> {
  const box = await page.getByRole('navigation', { name: 'Assessment progress' }).boundingBox();
  if (!box) throw new Error('no progress header');
  return box.y + box.height;
}

/** How far the element's top is below the header (negative: the header covers it). */
async function clearance(page: Page, element: Locator): Promise<number> {
  const box = await element.boundingBox();
  if (!box) throw new Error('element not rendered');
  return box.y - (await headerBottom(page));
}

/** Whether the whole element is on screen below the header. */
async function readable(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.y >= (await headerBottom(page)) && box.y + box.height <= viewport.height;
}

/** Scrolling is smooth: waits until the page has stopped moving. */
async function settled(page: Page): Promise<void> {
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const y = (await questionCard(page, 1).boundingBox())?.y ?? 0;
        const still = y === last;
        last = y;
        return still;
      },
      { interval: 250, timeout: 10_000 },
    )
    .toBe(true);
}

const title = (page: Page, number: number) => questionCard(page, number).locator('.question-card__title');

describeTarget('the questionnaire scrolls to what the client should read', browserTarget, () => {
  const suite = useBrowserSuite({ openAt: '/' });

  for (const screen of SCREENS) {
    it(`keeps a new flag on screen and leads from it to its note, on ${screen.name}`, async () => {
      const page = suite.page;
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await startAssessment(page);
      await answerQuestion(page, 5, 5);
      await settled(page);
      // Question 6 at 4 or 5 keeps no cash back, against question 5's plan to buy in a fall.
      await answerQuestion(page, 6, 5);
      const flag = questionCard(page, 6).locator('.question-card__flag');
      await flag.waitFor();
      // A fixed wait, longer than the auto-advance delay, because only time shows that something
      // did not happen: the page has not moved on to question 7, and the flag is on screen.
      await page.waitForTimeout(1000);
      await settled(page);
      expect(await readable(page, flag), 'the flag is on screen').toBe(true);
      const chosen = questionCard(page, 6)
        .locator('.choice')
        .filter({ has: page.locator(':checked') });
      expect(await readable(page, chosen), 'the chosen option is on screen').toBe(true);

      const link = flag.getByRole('link', { name: 'Read the note on questions 5 and 6' });
      expect(await flag.textContent()).toContain('This answer may not match your answer to question 5.');
      await link.click();
      const note = page.getByRole('heading', {
        name: 'Your plan for a market fall needs cash you said you would not keep',
      });
      await expect.poll(() => isFocused(note)).toBe(true);
      await settled(page);
      expect(await clearance(page, note), 'the note below the header').toBeGreaterThanOrEqual(0);
      // And back: the note's button returns to the question, its title clear of the header.
      await page.getByRole('button', { name: 'Review question 6' }).click();
      await expect.poll(() => isFocused(title(page, 6))).toBe(true);
      await settled(page);
      expect(await clearance(page, title(page, 6)), 'question 6 below the header').toBeGreaterThanOrEqual(0);
    });

    it(`never lets the sticky header cover the title of the question in focus, on ${screen.name}`, async () => {
      const page = suite.page;
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await startAssessment(page);
      // Auto-advance after a tap or click.
      for (const number of [1, 2, 3] as const) {
        await answerQuestion(page, number, 3);
        await settled(page);
        expect(
          await clearance(page, title(page, number + 1)),
          `question ${number + 1}`,
        ).toBeGreaterThanOrEqual(0);
      }
      // Tab down through the following questions (help button, then the options), and back up
      // with Shift+Tab, where the browser brings the focused option in at the top of the screen.
      for (const key of [...Array(12).fill('Tab'), ...Array(12).fill('Shift+Tab')] as string[]) {
        await page.keyboard.press(key);
        const card = page.locator('.question-card:has(:focus)');
        if ((await card.count()) !== 1) continue;
        const number = await card.getAttribute('data-question');
        await settled(page);
        const focused = page.locator('.choice:has(:focus), .question-card :focus:not(input)');
        const focusBox = await focused.first().boundingBox();
        const titleBox = await card.locator('.question-card__title').boundingBox();
        if (!focusBox || !titleBox) throw new Error(`question ${number}: nothing focused on screen`);
        const viewport = screen.height;
        expect(
          await readable(page, focused.first()),
          `question ${number}: the focused element (${key})`,
        ).toBe(true);
        // A card taller than the screen cannot show its title with its last option.
        if (focusBox.y + focusBox.height - titleBox.y > viewport - (await headerBottom(page))) continue;
        expect(
          await clearance(page, card.locator('.question-card__title')),
          `question ${number}: its title (${key})`,
        ).toBeGreaterThanOrEqual(0);
      }
    });
  }
});
