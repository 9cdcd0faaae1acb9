import { totpCode } from '@risk-profile/adviser';
import { describeTarget } from '@risk-profile/platform/testing';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { browserSkipReason } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const ADVISER = { email: 'adviser@example.com', password: 'adviser-demo-2026' };

const currentUserStatus = (page: Page) =>
  page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).status);

/** The code of the step after now: inside the window, and later than any step the setup took. */
const nextStepCode = (secret: string) => totpCode(secret, new Date(Date.now() + 30_000));

describeTarget('two-step sign-in with an authenticator app', browserTarget, () => {
  const suite = useBrowserSuite();
  const page = () => suite.page;
  const open = (path: string) => page().goto(`${suite.system.url}${path}`);
  const signIn = async () => {
    await open('/login');
    await page().getByLabel('Email').fill(ADVISER.email);
    await page().getByLabel('Password').fill(ADVISER.password);
    await page().getByRole('button', { name: 'Sign In', exact: true }).click();
  };

  it('an adviser sets it up on the account page, signs out, and signs in with password and code', async () => {
    await signIn();
    await page().waitForURL(`${suite.system.url}/adviser`);
    await page().getByRole('link', { name: 'Account' }).click();
    await page().waitForURL(`${suite.system.url}/account`);
    await page().getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await page().getByTestId('sessions').getByText('This browser').waitFor();

    await page().getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page()
      .getByRole('img', { name: /QR code/ })
      .waitFor();
    const secret = (await page().getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page().getByLabel('Code from your app').fill('000000');
    await page().getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page().getByText('That code is not right').waitFor();
    await page().getByLabel('Code from your app').fill(totpCode(secret, new Date()));
    await page().getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const codes = page().getByTestId('recovery-codes').getByRole('listitem');
    await page().getByText('Two-step sign-in is on').waitFor();
    expect(await codes.count()).toBe(10);
    await page().getByRole('button', { name: 'I have saved them' }).click();
    await page()
      .getByTestId('two-step-status')
      .getByText(/On: after your password/)
      .waitFor();
    await page().getByText('10 of 10 recovery codes left', { exact: false }).waitFor();

    await page().getByRole('button', { name: 'Logout' }).click();
    await page().waitForURL(`${suite.system.url}/login`);
    expect(await currentUserStatus(page())).toBe(401);

    await signIn();
    await page().getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    // The password alone gave no session.
    expect(await currentUserStatus(page())).toBe(401);
    await page().getByLabel('Code').fill('123456');
    await page().getByRole('button', { name: 'Verify' }).click();
    await page().getByTestId('second-step-error').getByText('That code is not right').waitFor();
    await page().getByLabel('Code').fill(nextStepCode(secret));
    await page().getByRole('button', { name: 'Verify' }).click();
    await page().waitForURL(`${suite.system.url}/adviser`);
    expect(await currentUserStatus(page())).toBe(200);

    await open('/account');
    await page().getByTestId('sessions').getByText('Password and app code').first().waitFor();
  });
});
