import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { recordFailure } from './diagnostics';
import { openAssessment } from './journey';
import { launchBrowser, newPhonePage, startTestSystem, type TestSystem } from './system';

export interface BrowserSuite {
  /** The whole product for this file. */
  readonly system: TestSystem;
  readonly browser: Browser;
  /** A phone-sized page in a fresh context (its own storage) for each test. */
  readonly page: Page;
}

/**
 * Registers one file's hooks: one product (`start`'s, else the default one) and one browser for
 * the file, a new page per test (opened at `openAt` when given), a screenshot when a test fails.
 * Call it inside `describe`.
 */
export function useBrowserSuite(
  options: { openAt?: string; start?: () => Promise<TestSystem> } = {},
): BrowserSuite {
  const suite = {} as { system: TestSystem; browser: Browser; page: Page };
  beforeAll(async () => {
    suite.system = await (options.start ?? (() => startTestSystem()))();
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.system?.stop();
  });
  beforeEach(async () => {
    suite.page = await newPhonePage(suite.browser);
    if (options.openAt !== undefined) await openAssessment(suite.page, suite.system.url, options.openAt);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await recordFailure(suite.page, task.name);
    await suite.page.context().close();
  });
  return suite;
}
