import type { QuestionNumber } from '@risk-profile/contracts';
import { describeTarget } from '@risk-profile/platform/testing';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import {
  answerQuestions,
  CLIENT,
  openAssessment,
  optionIndexFor,
  questionCard,
  startAssessment,
  toastWith,
} from './support/journey';
import { browserSkipReason } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
// The front end's local-storage key for saved progress (frontend/.../model/saved-progress.ts).
const PROGRESS_KEY = 'risk-profile:progress:v1';
const FIRST_ANSWERS = { 1: 3, 2: 4, 3: 5, 4: 2 } as const;

describeTarget('autosave and resume', browserTarget, () => {
  const suite = useBrowserSuite({ openAt: '/' });

  // Read through the context's storage state, the page's local storage as the browser holds it.
  const savedResponses = async (): Promise<Record<string, number> | null> => {
    const { origins } = await suite.page.context().storageState();
    const entry = origins
      .find((origin) => origin.origin === new URL(suite.system.url).origin)
      ?.localStorage.find((item) => item.name === PROGRESS_KEY);
    return entry ? (JSON.parse(entry.value) as { responses: Record<string, number> }).responses : null;
  };

  const resumeDialog = () => suite.page.getByTestId('resume-dialog');

  it('saves on Ctrl+S and, after a reload, Continue restores the answers and the step', async () => {
    await startAssessment(suite.page);
    await answerQuestions(suite.page, FIRST_ANSWERS);

    await suite.page.keyboard.press('Control+s');
    await toastWith(suite.page, 'Progress saved').waitFor();
    expect(await suite.page.getByTestId('autosave-status').textContent()).toContain('Last saved');
    expect(await savedResponses()).toEqual({ q1: 3, q2: 4, q3: 5, q4: 2 });
    const progressBefore = await suite.page.getByTestId('progress-percent').textContent();

    await suite.page.reload();
    await resumeDialog().waitFor();
    const description = await resumeDialog().textContent();
    expect(description).toContain(`You have an unfinished Risk Profile for ${CLIENT.name}`);
    expect(description).toContain('at the Assessment step (4 of 18 questions answered)');

    await resumeDialog().getByRole('button', { name: 'Continue' }).click();
    await resumeDialog().waitFor({ state: 'detached' });
    await questionCard(suite.page, 1).waitFor();
    expect(await suite.page.getByTestId('question-progress').textContent()).toBe(
      '4 of 18 questions completed',
    );
    expect(await suite.page.getByTestId('progress-percent').textContent()).toBe(progressBefore);
    for (const [number, score] of Object.entries(FIRST_ANSWERS)) {
      const card = questionCard(suite.page, Number(number));
      expect(await card.getAttribute('data-answered'), `question ${number}`).toBe('true');
      const chosen = card.getByRole('radio').nth(optionIndexFor(Number(number) as QuestionNumber, score));
      expect(await chosen.isChecked(), `question ${number} option`).toBe(true);
    }
    expect(await questionCard(suite.page, 5).getAttribute('data-answered')).toBe('false');
  });

  it('autosaves within its interval, and Start over after a reload discards the saved progress', async () => {
    await startAssessment(suite.page);
    await answerQuestions(suite.page, { 1: 3, 2: 3 });
    // No shortcut here: the 10-second autosave must pick the answers up by itself.
    await expect.poll(savedResponses, { timeout: 15_000, interval: 500 }).toEqual({ q1: 3, q2: 3 });

    await suite.page.reload();
    await resumeDialog().waitFor();
    await resumeDialog().getByRole('button', { name: 'Start over' }).click();
    await resumeDialog().waitFor({ state: 'detached' });
    expect(await savedResponses()).toBeNull();
    expect(await suite.page.getByLabel('Full name').inputValue()).toBe('');

    await startAssessment(suite.page);
    expect(await questionCard(suite.page, 1).getAttribute('data-answered')).toBe('false');
    expect(await questionCard(suite.page, 2).getAttribute('data-answered')).toBe('false');
    expect(await suite.page.getByTestId('question-progress').textContent()).toBe(
      '0 of 18 questions completed',
    );
  });

  it('keeps autosave on when the client presses Esc, so answers survive a reload', async () => {
    const status = () => suite.page.getByTestId('autosave-status');
    await startAssessment(suite.page);
    // Esc closes things: it asks before autosave goes off, and a second Esc closes the question.
    await suite.page.keyboard.press('Escape');
    const ask = suite.page.getByRole('alertdialog', { name: 'Turn off autosave?' });
    await ask.waitFor();
    await suite.page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    expect(await status().textContent()).toContain('Autosave on');
    expect(await toastWith(suite.page, 'Autosave off').count()).toBe(0);

    await answerQuestions(suite.page, { 1: 3, 2: 4 });
    await suite.page.keyboard.press('Escape');
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Keep autosave on' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await status().textContent()).toContain('Autosave on');

    await suite.page.reload();
    await resumeDialog().waitFor();
    expect(await resumeDialog().textContent()).toContain('(2 of 18 questions answered)');
  });

  it('turns autosave off only when the client confirms it, and Esc turns it back on', async () => {
    const status = () => suite.page.getByTestId('autosave-status');
    await startAssessment(suite.page);
    await suite.page.keyboard.press('Escape');
    const ask = suite.page.getByRole('alertdialog', { name: 'Turn off autosave?' });
    await ask.getByRole('button', { name: 'Turn autosave off' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => status().textContent()).toContain('Autosave off');

    await suite.page.keyboard.press('Escape');
    await expect.poll(() => status().textContent()).toContain('Autosave on');
    expect(await ask.count()).toBe(0);
  });

  it('shows the Ctrl+S and Esc hint on a desktop only, never on a phone or a touch screen', async () => {
    const keys = () => suite.page.getByTestId('autosave-status').getByText('to save now');
    await startAssessment(suite.page);
    expect(await suite.page.viewportSize()).toEqual({ width: 390, height: 844 });
    expect(await keys().isVisible()).toBe(false);

    await suite.page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => keys().isVisible()).toBe(true);

    const tablet = await suite.browser.newContext({
      viewport: { width: 1024, height: 1366 },
      hasTouch: true,
      isMobile: true,
      locale: 'en-AU',
    });
    try {
      const touch = await tablet.newPage();
      await openAssessment(touch, suite.system.url);
      await startAssessment(touch);
      await touch.getByTestId('autosave-status').waitFor();
      expect(await touch.getByTestId('autosave-status').getByText('to save now').isVisible()).toBe(false);
    } finally {
      await tablet.close();
    }
  });
});
