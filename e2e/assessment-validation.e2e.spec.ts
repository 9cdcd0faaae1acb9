import { type QuestionNumber, questionByNumber } from '@risk-profile/contracts';
import { describeTarget } from '@risk-profile/platform/testing';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import {
  answerQuestion,
  answerQuestions,
  answersWith,
  CLIENT,
  calculate,
  calculateButton,
  isFocused,
  OPTION_LETTERS,
  questionCard,
  startAssessment,
} from './support/journey';
import { browserSkipReason } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };

describeTarget('questionnaire validation and accessibility', browserTarget, () => {
  const suite = useBrowserSuite({ openAt: '/' });

  const questionnaireError = () => suite.page.getByTestId('questionnaire-error');

  it('asks for a name, then for an email or mobile, before the questionnaire starts', async () => {
    const start = suite.page.getByRole('button', { name: 'Start Assessment' });
    const name = suite.page.getByLabel('Full name');

    await start.click();
    await suite.page.getByText('Please enter your name to continue.', { exact: true }).waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await isFocused(name)).toBe(true);

    await name.fill(CLIENT.name);
    await start.click();
    await suite.page
      .getByText('Please enter either your email address or mobile number to continue.', { exact: true })
      .waitFor();
    expect(await suite.page.getByText('Please enter your name to continue.').count()).toBe(0);
    expect(await questionCard(suite.page, 1).count()).toBe(0);

    // A mobile number alone is enough, and it is shown grouped as the client types it.
    await suite.page.getByLabel('Mobile number').fill('0412345678');
    expect(await suite.page.getByLabel('Mobile number').inputValue()).toBe('0412 345 678');
    await start.click();
    await questionCard(suite.page, 1).waitFor();
    expect(await suite.page.getByTestId('question-progress').textContent()).toBe(
      '0 of 18 questions completed',
    );
  });

  it('names the first unanswered question when Calculate is pressed too early', async () => {
    await startAssessment(suite.page);

    await calculateButton(suite.page).click();
    await questionnaireError().filter({ hasText: 'Please answer question 1 before proceeding.' }).waitFor();

    const { 7: _seven, 14: _fourteen, ...allBut7And14 } = answersWith();
    await answerQuestions(suite.page, allBut7And14);
    expect(await questionnaireError().count()).toBe(0);
    expect(await suite.page.getByTestId('question-progress').textContent()).toBe(
      '16 of 18 questions completed',
    );

    await calculateButton(suite.page).click();
    expect(await questionnaireError().textContent()).toBe('Please answer question 7 before proceeding.');
    // The question named gets the focus, so a keyboard or screen-reader user lands on it.
    await expect.poll(() => isFocused(suite.page.locator('#question-7-title'))).toBe(true);

    await answerQuestion(suite.page, 7, 3);
    await calculateButton(suite.page).click();
    expect(await questionnaireError().textContent()).toBe('Please answer question 14 before proceeding.');

    await answerQuestion(suite.page, 14, 3);
    await calculate(suite.page);
    expect(await suite.page.getByTestId('profile-name').textContent()).toBe('Balanced');
  });

  it('blocks Calculate while questions 1 and 9 contradict each other, and proceeds once resolved', async () => {
    await startAssessment(suite.page);
    // Q1 "avoid any fall" (lowest) against Q9 "stay invested for years through a sharp fall" (highest).
    await answerQuestions(suite.page, answersWith({ 1: 1, 9: 5 }));

    const panel = suite.page.getByTestId('consistency-panel');
    await panel.waitFor();
    expect(await panel.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Your attitude to risk and your response to a market fall do not match',
    ]);
    expect(await panel.getByRole('button', { name: /^Review question/ }).allTextContents()).toEqual([
      'Review question 1',
      'Review question 9',
    ]);

    await calculateButton(suite.page).click();
    expect(await questionnaireError().textContent()).toBe(
      'Please resolve the highlighted inconsistencies before proceeding to results.',
    );
    expect(await suite.page.getByTestId('profile-name').count()).toBe(0);

    await answerQuestion(suite.page, 9, 3);
    await panel.waitFor({ state: 'detached' });
    await calculate(suite.page);
    // 36 for eleven answers of 3 less 2 for question 1: 34, the top of group 2.
    expect(await suite.page.getByTestId('risk-score').textContent()).toBe('34 / 60');
    expect(await suite.page.getByTestId('profile-name').textContent()).toBe('Moderately Conservative');
  });

  it('presents every question as a labelled group of five lettered radios', async () => {
    await startAssessment(suite.page);
    const groups = suite.page.getByRole('radiogroup');
    expect(await groups.count()).toBe(18);

    for (let index = 0; index < 18; index += 1) {
      const question = questionByNumber((index + 1) as QuestionNumber);
      const group = suite.page.getByRole('radiogroup', {
        name: `Question ${question.number}: ${question.text}`,
      });
      expect(await group.count(), `question ${question.number} group`).toBe(1);
      const radios = group.getByRole('radio');
      expect(await radios.count(), `question ${question.number} radios`).toBe(5);
      for (const [option, letter] of OPTION_LETTERS.entries()) {
        const named = group.getByRole('radio', {
          name: `${letter}. ${question.options[option]}`,
          exact: true,
        });
        expect(await named.count(), `question ${question.number} option ${letter}`).toBe(1);
      }
    }
  });

  it('answers a question with the keyboard alone', async () => {
    await startAssessment(suite.page);
    const card = questionCard(suite.page, 3);
    const radios = card.getByRole('radio');
    // Tab from the question's help button enters its option list.
    await card.getByRole('button', { name: 'Help with question 3' }).focus();
    await suite.page.keyboard.press('Tab');
    expect(await isFocused(radios.nth(0))).toBe(true);
    expect(await card.getAttribute('data-answered')).toBe('false');

    await suite.page.keyboard.press('Space');
    await card.and(suite.page.locator('[data-answered="true"]')).waitFor();
    expect(await radios.nth(0).isChecked()).toBe(true);

    // An instant press, as assistive technology sends it, moves to and selects the next option.
    await suite.page.keyboard.press('ArrowDown');
    await expect.poll(() => radios.nth(1).isChecked()).toBe(true);
    expect(await radios.nth(0).isChecked()).toBe(false);
    expect(await isFocused(radios.nth(1))).toBe(true);
    expect(await suite.page.getByTestId('question-progress').textContent()).toBe(
      '1 of 18 questions completed',
    );
  });
});
