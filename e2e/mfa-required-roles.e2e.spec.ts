import { totpCode } from '@risk-profile/adviser';
import { describeTarget } from '@risk-profile/platform/testing';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { browserSkipReason, startTestSystem } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };

/** What an endpoint answers this browser's session: its status and error code. */
const answer = (page: Page, path: string) =>
  page.evaluate(async (path) => {
    const res = await fetch(path, { credentials: 'include' });
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    return { status: res.status, code: body.code };
  }, path);

describeTarget('a role that MFA_REQUIRED_ROLES names, with no second factor yet', browserTarget, () => {
  const suite = useBrowserSuite({ start: () => startTestSystem({ MFA_REQUIRED_ROLES: 'admin' }) });
  const page = () => suite.page;
  const at = (path: string) => `${suite.system.url}${path}`;

  it('an administrator signs in, is led to set up an app on the account page, then reaches the dashboard', async () => {
    await page().goto(at('/admin/login'));
    await page().getByLabel('Email').fill(ADMIN.email);
    await page().getByLabel('Password').fill(ADMIN.password);
    await page().getByRole('button', { name: 'Login to Dashboard' }).click();
    await page().waitForURL(at('/account'));
    await page().getByText('Set up two-step sign-in to continue').waitFor();
    // The session may only set up a factor: the admin area's data and the dashboard are closed to it.
    expect(await answer(page(), '/api/auth/user')).toEqual({ status: 403, code: 'MFA_SETUP_REQUIRED' });
    await page().goto(at('/admin/dashboard'));
    await page().waitForURL(at('/account'));

    await page().getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await page().getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page().getByLabel('Code from your app').fill(totpCode(secret, new Date()));
    await page().getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page().getByText('Two-step sign-in is on').waitFor();
    expect(await page().getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
    await page().getByRole('button', { name: 'I have saved them' }).click();
    await page()
      .getByTestId('two-step-status')
      .getByText(/On: after your password/)
      .waitFor();
    await page()
      .getByText(
        'Your role requires a second factor and this app is your only one, so it cannot be turned off',
      )
      .waitFor();

    // Confirming the app replaced the limited session with a full one.
    await page().getByRole('link', { name: 'Back to the admin area' }).click();
    await page().waitForURL(at('/admin/dashboard'));
    await page().getByRole('heading', { name: 'Risk Profile Analytics' }).waitFor();
    expect((await answer(page(), '/api/auth/user')).status).toBe(200);
  });
});
