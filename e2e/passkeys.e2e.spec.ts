import { describeTarget } from '@risk-profile/platform/testing';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { browserSkipReason } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const ADVISER = { email: 'adviser@example.com', password: 'adviser-demo-2026' };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };

const currentUserStatus = (page: Page) =>
  page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).status);

/** Chromium's virtual authenticator (DevTools protocol): a platform passkey store that verifies its user. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

describeTarget('passkeys', browserTarget, () => {
  const suite = useBrowserSuite();
  const page = () => suite.page;
  // WebAuthn needs a domain (never an IP address) in a secure context: localhost, the address the
  // product names itself by without PUBLIC_URL.
  const base = () => suite.system.url.replace('127.0.0.1', 'localhost');
  const open = (path: string) => page().goto(`${base()}${path}`);
  const logout = async () => {
    await page().getByRole('button', { name: 'Logout' }).click();
    await page().waitForURL(`${base()}/login`);
    expect(await currentUserStatus(page())).toBe(401);
  };

  it('an adviser adds a passkey on the account page, signs in with it (after the password and instead of it) and removes it', async () => {
    await addVirtualAuthenticator(page());
    await open('/login');
    await page().getByLabel('Email').fill(ADVISER.email);
    await page().getByLabel('Password').fill(ADVISER.password);
    await page().getByRole('button', { name: 'Sign In', exact: true }).click();
    await page().waitForURL(`${base()}/adviser`);

    await open('/account');
    const section = page().getByTestId('passkeys');
    await section.getByText('You have no passkeys yet.').waitFor();
    await page().getByLabel('Name of the new passkey').fill('Test laptop');
    await page().getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByText('Test laptop').waitFor();
    await section.getByText('not used yet').waitFor();
    await logout();

    // After the password, the second step offers the passkey.
    await page().getByLabel('Email').fill(ADVISER.email);
    await page().getByLabel('Password').fill(ADVISER.password);
    await page().getByRole('button', { name: 'Sign In', exact: true }).click();
    await page().getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    expect(await currentUserStatus(page())).toBe(401);
    await page().getByRole('button', { name: 'Use a passkey' }).click();
    await page().waitForURL(`${base()}/adviser`);
    expect(await currentUserStatus(page())).toBe(200);
    await open('/account');
    await logout();

    // Instead of the password.
    await page().getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page().waitForURL(`${base()}/adviser`);
    expect(await currentUserStatus(page())).toBe(200);

    await open('/account');
    await page().getByTestId('sessions').getByText('Passkey').first().waitFor();
    await page().getByRole('button', { name: 'Remove passkey Test laptop' }).click();
    await section.getByText('You have no passkeys yet.').waitFor();
    await logout();

    // The device still holds it, but the account no longer knows it.
    await page().getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page().getByTestId('passkey-sign-in-error').getByText('That passkey did not sign you in').waitFor();
    expect(await currentUserStatus(page())).toBe(401);
  });

  it('an administrator signs in at /admin/login with a passkey added on the account page', async () => {
    await addVirtualAuthenticator(page());
    await open('/admin/login');
    await page().getByLabel('Email').fill(ADMIN.email);
    await page().getByLabel('Password').fill(ADMIN.password);
    await page().getByRole('button', { name: 'Login to Dashboard' }).click();
    await page().waitForURL(`${base()}/admin/dashboard`);
    await open('/account');
    await page().getByLabel('Name of the new passkey').fill('Admin key');
    await page().getByRole('button', { name: 'Add a passkey' }).click();
    await page().getByTestId('passkeys').getByText('Admin key').waitFor();

    // A browser with no session left: the passkey alone signs in.
    await page().context().clearCookies();
    await open('/admin/login');
    await page().getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page().waitForURL(`${base()}/admin/dashboard`);
    expect(await currentUserStatus(page())).toBe(200);
  });
});
