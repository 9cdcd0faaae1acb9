import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type SmtpTestServer, startSmtpTestServer } from '@risk-profile/notification/testing';
import { describeTarget, eventually } from '@risk-profile/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { recordFailure } from './support/diagnostics';
import { agreeWithProfile, reachResults, signAssessment, toastWith } from './support/journey';
import {
  browserSkipReason,
  launchBrowser,
  newPhonePage,
  startTestSystem,
  type TestSystem,
} from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const NEW_ADVISER = {
  name: 'Noor Invited',
  company: 'Invitation Advice',
  email: 'noor.invited@example.com',
  slug: 'noor-invited',
  password: 'a-long-invited-password-2026',
};
const CLIENT = { name: 'Quinn Invitee', email: 'quinn.invitee@example.com' };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const pdfText = (pdf: Buffer): string =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

describeTarget('an administrator invites an adviser, who then works with a client', browserTarget, () => {
  let smtp: SmtpTestServer;
  let system: TestSystem;
  let browser: Browser;
  const pages: Page[] = [];

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    system = await startTestSystem({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Risk Profile <reports@risk-profile.test>',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    await smtp?.stop();
  });
  afterEach(async ({ task }) => {
    const main = pages[0];
    if (task.result?.state === 'fail' && main) await recordFailure(main, task.name);
    for (const page of pages.splice(0)) await page.context().close();
  });

  const openPage = async (): Promise<Page> => {
    const page = await newPhonePage(browser, DESKTOP);
    pages.push(page);
    return page;
  };
  const mailTo = (address: string, subject: string | RegExp) =>
    eventually(async () => {
      const found = smtp.received.find(
        (mail) =>
          mail.envelope.to.includes(address) &&
          (typeof subject === 'string'
            ? mail.parsed.subject === subject
            : subject.test(mail.parsed.subject ?? '')),
      );
      if (!found) throw new Error(`no "${subject}" for ${address} yet`);
      return found;
    }, 20_000);

  it('the invitation sets a password once; the adviser signs in, sends a link, and finds the signed record and its PDF', async () => {
    // The admin creates the adviser and their account from the admin area.
    const admin = await openPage();
    await admin.goto(`${system.url}/admin/login`);
    await admin.getByLabel('Email').fill(ADMIN.email);
    await admin.getByLabel('Password').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Login to Dashboard' }).click();
    await admin.waitForURL(/\/admin\/dashboard/);
    await admin.getByRole('link', { name: 'Advisers and accounts' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Advisers and accounts' }).waitFor();
    await admin.getByRole('button', { name: 'New adviser' }).click();
    const form = admin.getByRole('dialog');
    await form.getByLabel('Adviser name').fill(NEW_ADVISER.name);
    await form.getByLabel('Company').fill(NEW_ADVISER.company);
    await form.getByLabel('Email').fill(NEW_ADVISER.email);
    await form.getByLabel('Page name').fill(NEW_ADVISER.slug);
    await form.getByRole('button', { name: 'Create and send invitation' }).click();
    await form.waitFor({ state: 'detached' });
    await admin.getByRole('listitem', { name: NEW_ADVISER.name }).waitFor();

    // The invitation reaches the SMTP server with its single-use link.
    const invitation = await mailTo(NEW_ADVISER.email, 'Your Risk Profile account: set your password');
    const setPasswordUrl = invitation.parsed.text?.match(/https?:\/\/\S+\/set-password\?token=\S+/)?.[0];
    expect(setPasswordUrl).toBeDefined();

    const adviser = await openPage();
    await adviser.goto(setPasswordUrl!);
    await adviser.getByLabel('New password', { exact: true }).fill(NEW_ADVISER.password);
    await adviser.getByLabel('Confirm new password').fill(NEW_ADVISER.password);
    await adviser.getByRole('button', { name: 'Set password' }).click();
    await adviser.getByTestId('set-password-done').waitFor();

    // The link works once.
    await adviser.goto(setPasswordUrl!);
    await adviser.getByLabel('New password', { exact: true }).fill('another-password-2026');
    await adviser.getByLabel('Confirm new password').fill('another-password-2026');
    await adviser.getByRole('button', { name: 'Set password' }).click();
    await adviser.getByTestId('set-password-error').waitFor();

    // The new adviser signs in and lands in their workspace, with their own page address.
    await adviser.goto(`${system.url}/login`);
    await adviser.getByLabel('Email').fill(NEW_ADVISER.email);
    await adviser.getByLabel('Password').fill(NEW_ADVISER.password);
    await adviser.getByRole('button', { name: 'Sign In', exact: true }).click();
    await adviser.waitForURL(`${system.url}/adviser`);
    await adviser
      .getByRole('region', { name: 'Your page address' })
      .getByText(`${system.url}/${NEW_ADVISER.slug}`, { exact: true })
      .waitFor();

    await adviser.getByRole('button', { name: 'Send a questionnaire link' }).click();
    const dialog = adviser.getByRole('dialog', { name: 'Send a questionnaire link' });
    await dialog.getByLabel('Full name').fill(CLIENT.name);
    await dialog.getByLabel('Email address').fill(CLIENT.email);
    await dialog.getByRole('button', { name: `Send by Email to ${CLIENT.email}` }).click();
    await toastWith(adviser, 'Link Sent').waitFor();

    // The client completes the questionnaire from the email, in a browser of their own.
    const linkMail = await mailTo(CLIENT.email, /.+/);
    expect(linkMail.parsed.from?.text).toContain(NEW_ADVISER.name);
    const url = linkMail.parsed.text?.match(/https?:\/\/\S+token=\S+/)?.[0];
    expect(url).toBeDefined();
    const client = await openPage();
    await client.goto(url!);
    await expect.poll(() => client.getByLabel('Full name').inputValue()).toBe(CLIENT.name);
    await reachResults(client, undefined, CLIENT);
    const draft = await agreeWithProfile(client);
    expect(draft.adviserSlug).toBe(NEW_ADVISER.slug);
    await signAssessment(client);

    const emailed = await eventually(async () => {
      const found = smtp.received.find(
        (mail) => mail.envelope.to.includes(NEW_ADVISER.email) && mail.parsed.attachments.length > 0,
      );
      if (!found) throw new Error("the adviser's report has not arrived yet");
      return found;
    }, 20_000);

    // The adviser finds the client in their list (a read model fed from the bus), opens the record
    // and downloads the same report as the one emailed.
    await eventually(async () => {
      await adviser.reload();
      await adviser.getByRole('heading', { name: 'Client assessments' }).waitFor();
      if ((await adviser.getByRole('link', { name: CLIENT.name, exact: true }).count()) === 0) {
        throw new Error('the client is not listed yet');
      }
    }, 20_000);
    await adviser.getByRole('link', { name: CLIENT.name, exact: true }).click();
    await adviser.waitForURL(`${system.url}/adviser/assessments/${draft.id}`);
    await adviser.getByRole('heading', { level: 1, name: CLIENT.name }).waitFor();
    const [download] = await Promise.all([
      adviser.waitForEvent('download'),
      adviser.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    const pdf = readFileSync(await download.path());
    const attachment = emailed.parsed.attachments.find((a) => a.contentType === 'application/pdf');
    expect(attachment).toBeDefined();
    expect(pdfText(pdf)).toBe(pdfText(attachment!.content));
    expect(pdfText(pdf)).toContain(NEW_ADVISER.company);
  });
});
