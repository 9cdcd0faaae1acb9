import { startTestIdentityProvider, type TestIdentityProvider } from '@risk-profile/adviser/testing';
import { describeTarget } from '@risk-profile/platform/testing';
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { freePort } from './support/deployables';
import { browserSkipReason, startTestSystem } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const ADVISER_EMAIL = 'adviser@example.com';

/** At the provider's development pages: the login (any password), then the consent. */
async function signInAtProvider(page: Page, email: string) {
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const currentUserStatus = (page: Page) =>
  page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).status);

describeTarget('single sign-on with OpenID Connect', browserTarget, () => {
  let provider: TestIdentityProvider | undefined;
  const suite = useBrowserSuite({
    // The redirect URI registered at the provider names the product's port, so it is chosen first.
    start: async () => {
      provider = await startTestIdentityProvider();
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      provider.registerProduct(publicUrl);
      return startTestSystem({ PORT: String(port), PUBLIC_URL: publicUrl, ...provider.env });
    },
  });
  afterAll(async () => {
    await provider?.stop();
  });
  const page = () => suite.page;
  const issuer = () => provider!.issuer;

  it('an adviser signs in with their organisation, lands in the workspace, and signs out of both', async () => {
    await page().goto(`${suite.system.url}/login`);
    await page().getByRole('link', { name: 'Sign in with your organisation' }).click();
    await page().waitForURL(`${issuer()}/**`);
    await signInAtProvider(page(), ADVISER_EMAIL);
    await page().waitForURL(`${suite.system.url}/adviser`);
    await page().getByRole('button', { name: 'Logout' }).waitFor();
    expect(await currentUserStatus(page())).toBe(200);

    // Logout ends our session, then the provider's (RP-initiated logout), which returns to /login.
    await page().getByRole('button', { name: 'Logout' }).click();
    await page().waitForURL(`${issuer()}/**`);
    await page().getByRole('button', { name: 'Yes, sign me out' }).click();
    await page().waitForURL(`${suite.system.url}/login`);
    expect(await currentUserStatus(page())).toBe(401);
  });

  it('an email with no account here is refused with a message on the sign-in page', async () => {
    await page().goto(`${suite.system.url}/admin/login`);
    await page().getByRole('link', { name: 'Sign in with your organisation' }).click();
    await signInAtProvider(page(), 'stranger@example.com');
    await page().waitForURL(`${suite.system.url}/admin/login?ssoError=no-account`);
    await page()
      .getByTestId('sso-error')
      .getByText('No account here uses the email address your organisation gave.', { exact: false })
      .waitFor();
    expect(await currentUserStatus(page())).toBe(401);
  });
});
