import { describeTarget } from '@risk-profile/platform/testing';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { browserSkipReason } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const ADVISER = { email: 'adviser@example.com', password: 'adviser-demo-2026' };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const ANALYST = { email: 'analyst@example.com', password: 'analyst-demo-2026' };

async function fill(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

const currentUserStatus = (page: Page) =>
  page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).status);

describeTarget('signing in and out', browserTarget, () => {
  const suite = useBrowserSuite();
  const page = () => suite.page;
  const open = (path: string) => page().goto(`${suite.system.url}${path}`);

  it('an adviser signs in at /login, sees Logout, and logs out to /login', async () => {
    await open('/login');
    await page().getByRole('heading', { name: 'Investment Risk Assessment' }).waitFor();
    await page().getByText('Sign in to access the assessment platform').waitFor();

    await fill(page(), 'not-an-email', '12345');
    await page().getByRole('button', { name: 'Sign In', exact: true }).click();
    await page().getByText('Please enter a valid email address.').waitFor();
    await page().getByText('Password must be at least 6 characters.').waitFor();

    await fill(page(), ADVISER.email, 'wrong-password');
    await page().getByRole('button', { name: 'Sign In', exact: true }).click();
    await page().getByTestId('login-error').getByText('Invalid email or password.').waitFor();

    await fill(page(), ADVISER.email, ADVISER.password);
    await page().getByRole('button', { name: 'Sign In', exact: true }).click();
    // An adviser lands in their workspace.
    await page().waitForURL(`${suite.system.url}/adviser`);
    const logout = page().getByRole('button', { name: 'Logout' });
    await logout.waitFor();
    expect(await currentUserStatus(page())).toBe(200);

    await logout.click();
    await page().getByText('Logged out').first().waitFor();
    await page().waitForURL(`${suite.system.url}/login`);
    expect(await currentUserStatus(page())).toBe(401);
    await page().getByRole('link', { name: 'Login' }).waitFor();
  });

  it('an administrator signs in at /admin/login, reaches the dashboard, logs out and cannot go back', async () => {
    await open('/admin/login');
    await page().getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page().getByText('Access the Risk Profile Analytics Dashboard').waitFor();
    expect(await page().getByLabel('Email').getAttribute('type')).toBe('email');
    await page().getByTestId('demo-credentials').getByText(ADMIN.email).waitFor();

    await page().getByRole('button', { name: 'Login to Dashboard' }).click();
    await page().getByText('Please enter a valid email address', { exact: true }).waitFor();
    await page().getByText('Password is required').waitFor();

    // An adviser's right password is refused here like a wrong one.
    await fill(page(), ADVISER.email, ADVISER.password);
    await page().getByRole('button', { name: 'Login to Dashboard' }).click();
    await page().getByTestId('admin-login-error').getByText('Invalid email or password.').waitFor();

    await fill(page(), ADMIN.email, ADMIN.password);
    await page().getByRole('button', { name: 'Login to Dashboard' }).click();
    await page().waitForURL(/\/admin\/dashboard/);
    await page().getByRole('heading', { name: 'Risk Profile Analytics' }).waitFor();
    await page().getByText('Admin Dashboard', { exact: true }).waitFor();
    for (const tab of ['Overview', 'Questions', 'Devices', 'Assessments']) {
      await page().getByRole('tab', { name: tab }).waitFor();
    }

    // One Logout on the dashboard (the site header leaves the admin pages to their own).
    expect(await page().getByRole('button', { name: 'Logout' }).count()).toBe(1);
    expect(await page().getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    await page().locator('.admin__actions').getByRole('button', { name: 'Logout' }).click();
    await page().waitForURL(/\/admin\/login$/);
    await open('/admin/dashboard');
    await page().waitForURL(/\/admin\/login$/);
    expect(await page().evaluate(async () => (await fetch('/api/admin/me')).status)).toBe(401);
  });

  it('sends a visitor and an adviser from the dashboard to the admin login', async () => {
    await open('/admin/dashboard');
    await page().waitForURL(/\/admin\/login$/);

    await open('/login');
    await fill(page(), ADVISER.email, ADVISER.password);
    await page().getByRole('button', { name: 'Sign In', exact: true }).click();
    // An adviser lands in their workspace.
    await page().waitForURL(`${suite.system.url}/adviser`);
    await open('/admin/dashboard');
    await page().waitForURL(/\/admin\/login$/);
  });

  it('an analyst signs in at /login and lands on the query page, which adviser and admin pages send them back to', async () => {
    await open('/admin/login');
    await fill(page(), ANALYST.email, ANALYST.password);
    await page().getByRole('button', { name: 'Login to Dashboard' }).click();
    await page().getByTestId('admin-login-error').getByText('Invalid email or password.').waitFor();

    await open('/login');
    await fill(page(), ANALYST.email, ANALYST.password);
    await page().getByRole('button', { name: 'Sign In', exact: true }).click();
    await page().waitForURL(`${suite.system.url}/analyst`);
    expect(await currentUserStatus(page())).toBe(200);

    // The header's way back to the query page from the public pages.
    await open('/');
    await page().getByRole('link', { name: 'Query' }).click();
    await page().waitForURL(`${suite.system.url}/analyst`);
    for (const path of ['/adviser', '/admin/dashboard', '/admin/advisers', '/admin/assessments']) {
      await open(path);
      await page().waitForURL(`${suite.system.url}/analyst`);
    }
    expect(await page().evaluate(async () => (await fetch('/api/admin/me')).status)).toBe(403);
    await page().evaluate(async () => fetch('/api/auth/logout', { method: 'POST' }));
  });

  it('an administrator creates an analyst, and gives an administrator analyst access, on the accounts page', async () => {
    await open('/admin/login');
    await fill(page(), ADMIN.email, ADMIN.password);
    await page().getByRole('button', { name: 'Login to Dashboard' }).click();
    await page().waitForURL(/\/admin\/dashboard/);
    await open('/admin/advisers');
    const analysts = page().getByRole('list', { name: 'Analysts' });
    await analysts
      .getByRole('listitem', { name: 'Demo Analyst' })
      .getByText('Analyst', { exact: true })
      .waitFor();

    await page().getByRole('button', { name: 'New analyst' }).click();
    const form = page().getByRole('dialog');
    await form.getByLabel('Name').fill('Dana Data');
    await form.getByLabel('Email').fill('dana@example.com');
    await form.getByRole('button', { name: 'Create and send invitation' }).click();
    await form.waitFor({ state: 'detached' });
    await page()
      .getByTestId('accounts-notice')
      .getByText('An invitation is being emailed to dana@example.com')
      .waitFor();
    await analysts.getByRole('listitem', { name: 'Dana Data' }).getByText('Invitation sent').waitFor();

    // The demo administrator's own card: giving it ends this session, so the page asks to sign in again.
    const own = page()
      .getByRole('list', { name: 'Administrators' })
      .getByRole('listitem', { name: 'Demo Administrator' });
    await own.getByRole('button', { name: 'Give analyst access to Demo Administrator' }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Give analyst access' }).click();
    await page().waitForURL(/\/admin\/login$/);
    await fill(page(), ADMIN.email, ADMIN.password);
    await page().getByRole('button', { name: 'Login to Dashboard' }).click();
    await page().waitForURL(/\/admin\/dashboard/);
    expect(
      await page().evaluate(
        async () =>
          ((await (await fetch('/api/admin/me')).json()) as { analystAccess?: boolean }).analystAccess,
      ),
    ).toBe(true);
    await open('/admin/advisers');
    await own.getByText('Administrator, with analyst access').waitFor();
    await own.getByRole('button', { name: 'Take analyst access from Demo Administrator' }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Take analyst access away' }).click();
    await page().waitForURL(/\/admin\/login$/);
  });
});
