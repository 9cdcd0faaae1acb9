import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DEMO_ACCOUNTS } from '@risk-profile/adviser';
import { type SmtpTestServer, startSmtpTestServer } from '@risk-profile/notification/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { recordFailure } from './diagnostics';
import { launchBrowser, newPhonePage, startTestSystem, type TestSystem } from './system';

/*
 * What the files that follow an adviser's workspace through several pages share: a product that
 * mails a real SMTP server, one browser, any number of pages a test opens (closed after it, the
 * first one's screenshot kept when it fails), and the readers of what the pages show.
 */

export const ADMIN = DEMO_ACCOUNTS[0]!;
export const ADVISER = DEMO_ACCOUNTS[1]!;
export const DESKTOP = { viewport: { width: 1280, height: 900 } };

export interface WorkspaceSuite {
  readonly smtp: SmtpTestServer;
  readonly system: TestSystem;
  readonly browser: Browser;
  /** A new page in a context of its own, closed after the test. */
  openPage(options?: Parameters<typeof newPhonePage>[1]): Promise<Page>;
  /** Signs the demo adviser in on `page`, which lands in their workspace. */
  signInAsAdviser(page: Page): Promise<void>;
  /** Signs the demo administrator in on `page`, which lands on the dashboard. */
  signInAsAdmin(page: Page): Promise<void>;
}

/** Registers the file's hooks; call it inside `describe`. `env` adds to the product's environment. */
export function useWorkspaceSuite(env: Record<string, string> = {}): WorkspaceSuite {
  const pages: Page[] = [];
  const suite = {} as { smtp: SmtpTestServer; system: TestSystem; browser: Browser };
  beforeAll(async () => {
    suite.smtp = await startSmtpTestServer();
    suite.system = await startTestSystem({
      SMTP_URL: suite.smtp.url,
      MAIL_FROM: 'Risk Profile <reports@risk-profile.test>',
      ...env,
    });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.system?.stop();
    await suite.smtp?.stop();
  });
  afterEach(async ({ task }) => {
    // The first page is where the steps that can fail happen (the adviser's, or a client's).
    const main = pages[0];
    if (task.result?.state === 'fail' && main) await recordFailure(main, task.name);
    for (const page of pages.splice(0)) await page.context().close();
  });
  return {
    get smtp() {
      return suite.smtp;
    },
    get system() {
      return suite.system;
    },
    get browser() {
      return suite.browser;
    },
    async openPage(options = DESKTOP) {
      const page = await newPhonePage(suite.browser, options);
      pages.push(page);
      return page;
    },
    async signInAsAdviser(page) {
      await signIn(page, `${suite.system.url}/login`, ADVISER, 'Sign In');
      await page.waitForURL(`${suite.system.url}/adviser`);
      await page.getByRole('heading', { level: 1, name: 'Your clients' }).waitFor();
    },
    async signInAsAdmin(page) {
      await signIn(page, `${suite.system.url}/admin/login`, ADMIN, 'Login to Dashboard');
      await page.waitForURL(/\/admin\/dashboard/);
    },
  };
}

/** Fills a sign-in page's form with the account's email and password and presses its button. */
async function signIn(
  page: Page,
  at: string,
  account: { email: string; password: string },
  button: string,
): Promise<void> {
  await page.goto(at);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: button, exact: true }).click();
}

export const pdfText = (pdf: Buffer): string =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

/** The text of an element, its whitespace collapsed as a reader sees it. */
export const textOf = async (locator: Locator): Promise<string> =>
  ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** What the browser saved when `action` started a download. */
export async function downloaded(page: Page, action: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), action()]);
  return readFileSync(await download.path());
}
