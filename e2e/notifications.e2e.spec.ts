import { execFileSync } from 'node:child_process';
import { DEMO_ACCOUNTS, DEMO_ADVISER } from '@risk-profile/adviser';
import { type SmtpTestServer, startSmtpTestServer } from '@risk-profile/notification/testing';
import { describeTarget, eventually } from '@risk-profile/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { recordFailure } from './support/diagnostics';
import {
  agreeWithProfile,
  CLIENT,
  openAssessment,
  reachResults,
  signAssessment,
  toastWith,
} from './support/journey';
import {
  browserSkipReason,
  launchBrowser,
  newPhonePage,
  startTestSystem,
  type TestSystem,
} from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const ADVISER = DEMO_ACCOUNTS[1];

const pdfText = (pdf: Buffer): string =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

describeTarget('reports and links reach a real SMTP server', browserTarget, () => {
  let smtp: SmtpTestServer;
  let system: TestSystem;
  let browser: Browser;
  let page: Page;

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
  beforeEach(async () => {
    page = await newPhonePage(browser);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await recordFailure(page, task.name);
    await page.context().close();
  });

  it("emails the adviser's report and the client's copy, each with the PDF, when a client signs", async () => {
    await openAssessment(page, system.url, '/demo-adviser');
    await page.getByTestId('adviser-banner').filter({ hasText: DEMO_ADVISER.adviserName }).waitFor();
    // The page never learns the adviser's address: the public lookup does not carry it.
    expect(await page.getByTestId('adviser-banner').textContent()).not.toContain(DEMO_ADVISER.email);
    await reachResults(page);
    await agreeWithProfile(page);
    expect(await page.getByTestId('report-destination').textContent()).toBe(
      `Your signature completes the assessment and emails your report to Alex Morgan at Harbour Wealth Partners, with a copy to you at ${CLIENT.email}.`,
    );
    await signAssessment(page);
    // With a mail server, the banner says the signed report is being emailed.
    expect(await page.getByTestId('adviser-banner').textContent()).toContain(
      'Your signed report is being emailed to them.',
    );
    expect(await page.getByTestId('report-recipients').textContent()).toBe(
      `Your Risk Profile report is being emailed to Alex Morgan at Harbour Wealth Partners, with a copy to you at ${CLIENT.email}.`,
    );

    const [toAdviser, toClient] = await eventually(async () => {
      const adviserMail = smtp.received.find((m) => m.envelope.to.includes(DEMO_ADVISER.email));
      const clientMail = smtp.received.find((m) => m.envelope.to.includes(CLIENT.email));
      if (!adviserMail || !clientMail) throw new Error('the report has not arrived yet');
      return [adviserMail, clientMail];
    }, 20_000);
    // The adviser's subject names the client, the profile and the signing time; the client's copy
    // goes wherever the signer said, so its subject holds nothing they typed.
    expect(toAdviser.parsed.subject).toMatch(
      new RegExp(`^Risk Profile report: ${CLIENT.name}, [A-Za-z ]+, signed \\d{1,2} \\w+ \\d{4}`),
    );
    expect(toClient.parsed.subject).not.toContain(CLIENT.name);
    expect(toAdviser.parsed.replyTo?.text).toBe(CLIENT.email);
    expect(toClient.parsed.replyTo?.text).toBe(DEMO_ADVISER.email);
    for (const mail of [toAdviser, toClient]) {
      const [pdf] = mail.parsed.attachments;
      expect(pdf?.contentType).toBe('application/pdf');
      const text = pdfText(pdf!.content);
      expect(text).toContain(CLIENT.name);
      expect(text).toContain('Alex Morgan');
      expect(text).toContain('SHA-256 digest');
      expect(text).toMatch(/Page 1 of \d/);
      // A dual-stack socket records an IPv4 client as ::ffff:127.0.0.1: the report shows 127.0.0.1.
      expect(text).toMatch(/IP address\s+127\.0\.0\.1/);
      expect(text).not.toContain('::ffff:');
    }
  });

  it('lets a signed-in adviser email a link that opens the questionnaire pre-filled', async () => {
    await page.goto(`${system.url}/login`);
    await page.getByLabel('Email').fill(ADVISER.email);
    await page.getByLabel('Password').fill(ADVISER.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${system.url}/adviser`);
    // The welcome step, where an adviser sends a link as well as in the workspace.
    await page.goto(`${system.url}/`);

    const client = { name: 'Casey Emailed', email: 'casey.emailed@example.com' };
    const sendLink = page.getByRole('button', { name: 'Send Link to Complete Later' });
    await sendLink.waitFor();
    expect(await sendLink.isDisabled()).toBe(true);
    await page.getByLabel('Full name').fill(client.name);
    await page.getByLabel('Email address').fill(client.email);
    await sendLink.click();
    await page.getByRole('button', { name: `Send by Email to ${client.email}` }).click();
    await toastWith(page, 'Link Sent')
      .filter({ hasText: `The questionnaire link is being emailed to ${client.email}.` })
      .waitFor();

    const mail = await eventually(async () => {
      const found = smtp.received.find((m) => m.envelope.to.includes(client.email));
      if (!found) throw new Error('the link has not arrived yet');
      return found;
    }, 20_000);
    expect(mail.parsed.subject).toBe('Alex Morgan invites you to complete your Risk Profile');
    expect(mail.parsed.from?.value[0]?.name).toBe('Alex Morgan via Risk Profile');
    expect(mail.parsed.replyTo?.value).toEqual([{ name: 'Alex Morgan', address: DEMO_ADVISER.email }]);
    const url = mail.parsed.text?.match(/https?:\/\/\S+token=\S+/)?.[0];
    expect(url).toBeDefined();
    // Without PUBLIC_URL, links point at this process's own address.
    const link = new URL(url!);
    expect(`${link.port}${link.pathname}`).toBe(`${system.running.port}/demo-adviser`);

    const clientPage = await newPhonePage(browser);
    try {
      await clientPage.goto(url!);
      await clientPage.getByRole('heading', { name: 'Discover your Risk Profile' }).waitFor();
      await expect.poll(() => clientPage.getByLabel('Full name').inputValue()).toBe(client.name);
      expect(await clientPage.getByLabel('Email address').inputValue()).toBe(client.email);
      await clientPage.getByTestId('adviser-banner').filter({ hasText: 'Alex Morgan' }).waitFor();
    } finally {
      await clientPage.context().close();
    }
  });
});
