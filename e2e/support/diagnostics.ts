import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

const FAILURE_DIR = resolve(import.meta.dirname, '../../dist/e2e-failures');

/**
 * What the browser showed when a test failed: a full-page screenshot under dist/e2e-failures and
 * the address and visible text on stderr, so a failure on CI can be read without a rerun.
 */
export async function recordFailure(page: Page, testName: string): Promise<void> {
  const slug = testName
    .replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase()
    .slice(0, 80);
  const screenshot = join(FAILURE_DIR, `${slug}.png`);
  try {
    mkdirSync(FAILURE_DIR, { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: true, timeout: 10_000 });
    const text = (await page.locator('body').innerText({ timeout: 5_000 }))
      .replace(/\s+/g, ' ')
      .slice(0, 1500);
    console.error(
      `[e2e] "${testName}" failed at ${page.url()}\n  screenshot: ${screenshot}\n  page text: ${text}`,
    );
  } catch (error) {
    console.error(`[e2e] "${testName}" failed at ${page.url()}; no screenshot: ${String(error)}`);
  }
}
