import type { QuestionNumber } from '@risk-profile/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordFailure } from './support/diagnostics';
import {
  answerQuestions,
  CLIENT,
  openAssessment,
  optionIndexFor,
  questionCard,
  startAssessment,
  toastWith,
} from './support/journey';
import {
  browserSkipReason,
  launchBrowser,
  newPhonePage,
  startTestSystem,
  type TestSystem,
} from './support/system';

const reason = browserSkipReason();
// The front end's local-storage key for saved progress (frontend/.../model/saved-progress.ts).
const PROGRESS_KEY = 'risk-profile:progress:v1';
const FIRST_ANSWERS = { 1: 3, 2: 4, 3: 5, 4: 2 } as const;

describe.skipIf(!!reason)(`autosave and resume${reason ? ` (skipped: ${reason})` : ''}`, () => {
  let system: TestSystem;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    system = await startTestSystem();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  beforeEach(async () => {
    page = await newPhonePage(browser);
    await openAssessment(page, system.url);
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await recordFailure(page, task.name);
    await page.context().close();
  });

  // Read through the context's storage state, the page's local storage as the browser holds it.
  const savedResponses = async (): Promise<Record<string, number> | null> => {
    const { origins } = await page.context().storageState();
    const entry = origins
      .find((origin) => origin.origin === new URL(system.url).origin)
      ?.localStorage.find((item) => item.name === PROGRESS_KEY);
    return entry ? (JSON.parse(entry.value) as { responses: Record<string, number> }).responses : null;
  };

  const resumeDialog = () => page.getByTestId('resume-dialog');

  it('saves on Ctrl+S and, after a reload, Continue restores the answers and the step', async () => {
    await startAssessment(page);
    await answerQuestions(page, FIRST_ANSWERS);

    await page.keyboard.press('Control+s');
    await toastWith(page, 'Progress saved').waitFor();
    expect(await page.getByTestId('autosave-status').textContent()).toContain('Last saved');
    expect(await savedResponses()).toEqual({ q1: 3, q2: 4, q3: 5, q4: 2 });
    const progressBefore = await page.getByTestId('progress-percent').textContent();

    await page.reload();
    await resumeDialog().waitFor();
    const description = await resumeDialog().textContent();
    expect(description).toContain(`You have an unfinished Risk Profile for ${CLIENT.name}`);
    expect(description).toContain('at the Assessment step (4 of 18 questions answered)');

    await resumeDialog().getByRole('button', { name: 'Continue' }).click();
    await resumeDialog().waitFor({ state: 'detached' });
    await questionCard(page, 1).waitFor();
    expect(await page.getByTestId('question-progress').textContent()).toBe('4 of 18 questions completed');
    expect(await page.getByTestId('progress-percent').textContent()).toBe(progressBefore);
    for (const [number, score] of Object.entries(FIRST_ANSWERS)) {
      const card = questionCard(page, Number(number));
      expect(await card.getAttribute('data-answered'), `question ${number}`).toBe('true');
      const chosen = card.getByRole('radio').nth(optionIndexFor(Number(number) as QuestionNumber, score));
      expect(await chosen.isChecked(), `question ${number} option`).toBe(true);
    }
    expect(await questionCard(page, 5).getAttribute('data-answered')).toBe('false');
  });

  it('autosaves within its interval, and Start over after a reload discards the saved progress', async () => {
    await startAssessment(page);
    await answerQuestions(page, { 1: 3, 2: 3 });
    // No shortcut here: the 10-second autosave must pick the answers up by itself.
    await expect.poll(savedResponses, { timeout: 15_000, interval: 500 }).toEqual({ q1: 3, q2: 3 });

    await page.reload();
    await resumeDialog().waitFor();
    await resumeDialog().getByRole('button', { name: 'Start over' }).click();
    await resumeDialog().waitFor({ state: 'detached' });
    expect(await savedResponses()).toBeNull();
    expect(await page.getByLabel('Full name').inputValue()).toBe('');

    await startAssessment(page);
    expect(await questionCard(page, 1).getAttribute('data-answered')).toBe('false');
    expect(await questionCard(page, 2).getAttribute('data-answered')).toBe('false');
    expect(await page.getByTestId('question-progress').textContent()).toBe('0 of 18 questions completed');
  });
});
