import {
  type AnswerScore,
  type Assessment,
  optionForScore,
  QUESTION_NUMBERS,
  type QuestionNumber,
  questionByNumber,
  type Responses,
  responseKey,
} from '@risk-profile/contracts';
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The client's journey as a user performs it: by visible labels and roles, with the test ids the
 * front end keeps stable only where no accessible name identifies the element.
 */

export interface ClientDetails {
  name: string;
  email?: string;
  phone?: string;
}

export const CLIENT: Required<Pick<ClientDetails, 'name' | 'email'>> = {
  name: 'Jordan Example',
  email: 'jordan@example.com',
};

export type Answers = Record<QuestionNumber, AnswerScore>;

/**
 * Every question answered with `fill` unless overridden. All 3s score 36 (Balanced, group 3),
 * contradict no consistency rule and predict group 3.
 */
export function answersWith(overrides: Partial<Answers> = {}, fill: AnswerScore = 3): Answers {
  const answers = Object.fromEntries(QUESTION_NUMBERS.map((number) => [number, fill])) as Answers;
  return { ...answers, ...overrides };
}

/** The answers as the page stores and submits them, keyed q1..q18. */
export function asResponses(answers: Partial<Answers>): Responses {
  return Object.fromEntries(
    Object.entries(answers).map(([number, score]) => [responseKey(Number(number) as QuestionNumber), score]),
  );
}

export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

/**
 * The option (0 for A) that stores `score` on question `number`: reverse-scored questions list
 * their options from the most risk-seeking down, so the same score sits at a different letter.
 */
export function optionIndexFor(number: QuestionNumber, score: AnswerScore): number {
  return optionForScore(questionByNumber(number), score);
}

export async function openAssessment(page: Page, url: string, path = '/'): Promise<void> {
  await page.goto(new URL(path, url).toString());
  await page.getByRole('heading', { name: 'Discover your Risk Profile' }).waitFor();
}

export async function fillWelcome(page: Page, client: ClientDetails): Promise<void> {
  await page.getByLabel('Full name').fill(client.name);
  if (client.email !== undefined) await page.getByLabel('Email address').fill(client.email);
  if (client.phone !== undefined) await page.getByLabel('Mobile number').fill(client.phone);
}

export async function startAssessment(page: Page, client: ClientDetails = CLIENT): Promise<void> {
  await fillWelcome(page, client);
  await page.getByRole('button', { name: 'Start Assessment' }).click();
  await questionCard(page, 1).waitFor();
}

export function questionCard(page: Page, number: number): Locator {
  return page.getByTestId(`question-card-${number}`);
}

export async function answerQuestion(page: Page, number: QuestionNumber, score: AnswerScore): Promise<void> {
  const card = questionCard(page, number);
  const option = card.getByRole('radio').nth(optionIndexFor(number, score));
  await option.click();
  await card.and(page.locator('[data-answered="true"]')).waitFor();
  await expect.poll(() => option.isChecked()).toBe(true);
}

export async function answerQuestions(page: Page, answers: Partial<Answers>): Promise<void> {
  for (const [number, score] of Object.entries(answers)) {
    await answerQuestion(page, Number(number) as QuestionNumber, score);
  }
}

export function calculateButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Calculate Risk Profile' });
}

export async function calculate(page: Page): Promise<void> {
  await calculateButton(page).click();
  await page.getByTestId('profile-name').waitFor();
}

/** Everything from the welcome form to the results step. */
export async function reachResults(
  page: Page,
  answers: Answers = answersWith(),
  client: ClientDetails = CLIENT,
): Promise<void> {
  await startAssessment(page, client);
  await answerQuestions(page, answers);
  await calculate(page);
}

/** Runs `action` and returns the draft the page created with it (POST /api/assessments). */
export async function capturingDraft(page: Page, action: () => Promise<void>): Promise<Assessment> {
  const response = page.waitForResponse(
    (candidate: Response) =>
      candidate.request().method() === 'POST' && new URL(candidate.url()).pathname === '/api/assessments',
  );
  await action();
  const settled = await response;
  if (!settled.ok()) throw new Error(`Draft refused: ${settled.status()} ${await settled.text()}`);
  return (await settled.json()) as Assessment;
}

export async function agreeWithProfile(page: Page): Promise<Assessment> {
  const draft = await capturingDraft(page, () => page.getByRole('button', { name: 'Yes, I agree' }).click());
  await page.getByTestId('final-profile').waitFor();
  return draft;
}

export function signButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Sign', exact: true });
}

export function signatureBox(page: Page): Locator {
  return page.getByTestId('signature-card').getByRole('checkbox');
}

export interface SigningChoices {
  exclusions?: string;
  preferences?: string;
}

/** Fills the optional text boxes, ticks the confirmation, signs and waits for the success step. */
export async function signAssessment(page: Page, choices: SigningChoices = {}): Promise<void> {
  if (choices.exclusions !== undefined)
    await page.getByLabel('Investment Exclusions').fill(choices.exclusions);
  if (choices.preferences !== undefined) {
    await page.getByLabel('Investment Preferences').fill(choices.preferences);
  }
  await signatureBox(page).check();
  await signButton(page).click();
  await page.getByRole('heading', { name: 'Assessment Complete' }).waitFor();
}

/** The toast carrying `title`; at most one is shown at a time. */
export function toastWith(page: Page, title: string): Locator {
  return page.getByTestId('toast').filter({ hasText: title });
}

/** Whether the element has the keyboard focus (checked in the page, without DOM types here). */
export async function isFocused(locator: Locator): Promise<boolean> {
  return (await locator.and(locator.page().locator(':focus')).count()) === 1;
}
