import { DEMO_ADVISER } from '@risk-profile/adviser';
import { describeTarget, eventually } from '@risk-profile/platform/testing';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { agreeWithProfile, reachResults, signAssessment, toastWith } from './support/journey';
import { browserSkipReason } from './support/system';
import { ADVISER, downloaded, pdfText, textOf, useWorkspaceSuite } from './support/workspace-suite';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const CLIENT = { name: 'Riley Workspace', email: 'riley.workspace@example.com' };
const PHONE_WIDTH = 390;

/** Nothing on the page is wider than the viewport: the document does not scroll sideways. */
const documentWidth = async (page: Page): Promise<number> =>
  Number(await page.evaluate('document.documentElement.scrollWidth'));

describeTarget("the adviser's workspace and the admin's records", browserTarget, () => {
  const suite = useWorkspaceSuite();
  const { openPage, signInAsAdviser } = suite;
  /** The record the first test creates; the others read it. */
  let recordId: string | undefined;

  const mailsTo = (address: string) =>
    suite.smtp.received.filter((mail) => mail.envelope.to.includes(address));
  const reportsToAdviser = () =>
    mailsTo(DEMO_ADVISER.email).filter((mail) => mail.parsed.attachments.length > 0);

  const clientRow = (page: Page) =>
    page.getByRole('row').filter({ has: page.getByRole('link', { name: CLIENT.name, exact: true }) });

  it('an adviser sends a link, the client signs, and the adviser finds, reads, downloads and resends the record', async () => {
    const page = await openPage();
    await signInAsAdviser(page);
    const address = page.getByRole('region', { name: 'Your page address' });
    await address.getByText(`${suite.system.url}/demo-adviser`, { exact: true }).waitFor();
    await address.getByRole('button', { name: 'Copy page address' }).waitFor();

    // The link, sent from the workspace's dialog, reaches the client's mailbox.
    await page.getByRole('button', { name: 'Send a questionnaire link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a questionnaire link' });
    await dialog.getByLabel('Full name').fill(CLIENT.name);
    await dialog.getByLabel('Email address').fill(CLIENT.email);
    expect(await dialog.getByLabel('Mobile number').inputValue()).toBe('');
    expect(await dialog.getByRole('button', { name: /^Send by SMS/ }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: `Send by Email to ${CLIENT.email}` }).click();
    await toastWith(page, 'Link Sent').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const linkMail = await eventually(async () => {
      const [found] = mailsTo(CLIENT.email);
      if (!found) throw new Error('the link has not arrived yet');
      return found;
    }, 20_000);
    const url = linkMail.parsed.text?.match(/https?:\/\/\S+token=\S+/)?.[0];
    expect(url).toBeDefined();

    // The client, in a browser of their own, completes and signs the questionnaire from the email.
    const clientPage = await openPage();
    await clientPage.goto(url!);
    await clientPage.getByRole('heading', { name: 'Discover your Risk Profile' }).waitFor();
    await expect.poll(() => clientPage.getByLabel('Full name').inputValue()).toBe(CLIENT.name);
    await reachResults(clientPage, undefined, CLIENT);
    const draft = await agreeWithProfile(clientPage);
    await signAssessment(clientPage);
    recordId = draft.id;

    const emailedReport = await eventually(async () => {
      const [found] = reportsToAdviser();
      if (!found) throw new Error("the adviser's report has not arrived yet");
      return found;
    }, 20_000);

    // The list is a read model fed from the bus: the new client appears shortly after signing.
    await eventually(async () => {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Your clients' }).waitFor();
      await page.getByRole('heading', { name: 'Client assessments' }).waitFor();
      if ((await clientRow(page).count()) === 0) throw new Error('the client is not listed yet');
    }, 20_000);

    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(CLIENT.name);
    await page.waitForURL(/[?&]q=Riley/);
    await page.getByRole('checkbox', { name: 'Review due only' }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const row = clientRow(page);
    expect(await textOf(row.locator('td[data-label="Status"]'))).toBe('Signed');
    expect(await textOf(row.locator('td[data-label="Profile and score"]'))).toBe('Balanced · 36 of 60');
    expect(await textOf(row)).toContain(CLIENT.email);

    await row.getByRole('link', { name: CLIENT.name, exact: true }).click();
    await page.waitForURL(`${suite.system.url}/adviser/assessments/${recordId}`);
    await page.getByRole('heading', { level: 1, name: CLIENT.name }).waitFor();
    for (const heading of ['Client', 'Results', 'Capacity for loss', 'Answers', 'Signature', 'History']) {
      await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
    }
    const results = page.getByRole('region', { name: 'Results', exact: true });
    expect(await textOf(results)).toContain('Risk score36 out of 60');
    expect(await textOf(results)).toContain('Chosen profileBalanced');
    // Every question is there with the answer chosen.
    expect(await page.getByRole('region', { name: 'Answers', exact: true }).locator('li').count()).toBe(18);
    const signature = await textOf(page.getByRole('region', { name: 'Signature', exact: true }));
    expect(signature).toContain(`Assessment id${recordId}`);
    expect(signature).toMatch(/SHA-256 digest[0-9a-f]{64}/);
    expect(signature).toContain('IP address127.0.0.1');
    await page.getByRole('heading', { name: 'How to verify it' }).waitFor();
    // Capacity for loss, apart from tolerance: middle answers fit Balanced, so nothing to flag.
    const capacity = await textOf(page.getByRole('region', { name: 'Capacity for loss', exact: true }));
    expect(capacity).toContain('Time horizonIn 5 to 7 years');
    expect(capacity).toContain('Capacity for lossModerate');
    expect(capacity).toContain('OverrideNone: the recommended profile was kept');
    expect(capacity).toContain(
      "No warnings: the chosen profile fits the client's time horizon and capacity for loss.",
    );

    // The history shows the draft, the signature and the report's delivery once the mail server took it.
    const history = page.getByRole('region', { name: 'History', exact: true });
    const deliveredLine = `Report to the adviser by email to ${DEMO_ADVISER.email}: Sent`;
    await eventually(async () => {
      const text = await textOf(history);
      if (!text.includes(deliveredLine)) {
        await page.reload();
        await history.waitFor();
        throw new Error(`the delivery is not shown as sent yet: ${text}`);
      }
    }, 20_000);
    const historyText = await textOf(history);
    expect(historyText).toContain('Started (draft saved)');
    expect(historyText).toContain('Signed by the client');

    // The report on demand is the emailed report, rendered again from the events.
    const pdf = await downloaded(page, () => page.getByRole('link', { name: 'Download PDF' }).click());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const onDemand = pdfText(pdf);
    expect(onDemand).toContain(CLIENT.name);
    expect(onDemand).toBe(pdfText(emailedReport.parsed.attachments[0]!.content));

    // Resending to the adviser is a new delivery: a second email with the report.
    const before = reportsToAdviser().length;
    await page.getByRole('button', { name: 'Resend report to the adviser' }).click();
    const resendResult = page.getByTestId('resend-result');
    await resendResult.waitFor();
    expect(await textOf(resendResult)).toBe(`The report is on its way to ${DEMO_ADVISER.email}.`);
    const resent = await eventually(async () => {
      const mails = reportsToAdviser();
      if (mails.length <= before) throw new Error('the resent report has not arrived yet');
      return mails.at(-1)!;
    }, 20_000);
    expect(pdfText(resent.parsed.attachments[0]!.content)).toBe(onDemand);

    // The sent links show the link, delivered, with the signed assessment it led to.
    await page
      .getByRole('navigation', { name: 'Workspace' })
      .getByRole('link', { name: 'Sent links' })
      .click();
    await page.waitForURL(`${suite.system.url}/adviser/links`);
    await page.getByRole('heading', { level: 1, name: 'Links you sent' }).waitFor();
    const linkRow = page.getByRole('row').filter({ hasText: CLIENT.email });
    await linkRow.waitFor();
    expect(await textOf(linkRow.locator('td[data-label="Channel"]'))).toBe('Email');
    expect(await textOf(linkRow.locator('td[data-label="Delivery"]'))).toBe('Sent');
    // The assessment the client completed from this link (its id travels from the link to the draft).
    // The name's visually hidden part is positioned, so Chromium reads "Signed : …" with a space.
    const completed = linkRow.getByRole('link', { name: /^Signed ?: Riley Workspace's assessment$/ });
    await completed.waitFor();
    expect(await completed.getAttribute('href')).toBe(`/adviser/assessments/${recordId}`);
  });

  it('reads well at 390 px: the list and the record fit the phone', async () => {
    expect(recordId).toBeDefined();
    const page = await openPage({ viewport: { width: PHONE_WIDTH, height: 844 } });
    await signInAsAdviser(page);
    const row = clientRow(page);
    await row.waitFor();
    expect(await row.isVisible()).toBe(true);
    // Each row is a card whose cells name their column.
    const box = await row.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE_WIDTH);
    expect(await row.locator('td[data-label="Status"]').isVisible()).toBe(true);
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);

    await row.getByRole('link', { name: CLIENT.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: CLIENT.name }).waitFor();
    for (const heading of ['Client', 'Results', 'Capacity for loss', 'Answers', 'Signature', 'History']) {
      const h2 = page.getByRole('heading', { level: 2, name: heading, exact: true });
      await h2.scrollIntoViewIfNeeded();
      expect(await h2.isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Download PDF' }).isVisible()).toBe(true);
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE_WIDTH);
  });

  it("an admin finds the adviser's record, exports the list and reads the access log", async () => {
    expect(recordId).toBeDefined();
    const page = await openPage();
    await page.goto(`${suite.system.url}/admin/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login to Dashboard' }).click();
    await page.waitForURL(/\/admin\/dashboard/);

    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    await nav.getByRole('link', { name: 'Assessments' }).click();
    await page.waitForURL(/\/admin\/assessments/);
    await page.getByRole('heading', { name: "All advisers' clients" }).waitFor();
    await page.getByLabel('Adviser (page address slug)').fill('demo-adviser');
    await page.waitForURL(/[?&]adviser=demo-adviser/);
    const row = clientRow(page);
    await row.waitFor();
    expect(await textOf(row.locator('td[data-label="Adviser"]'))).toBe('demo-adviser');
    expect(await textOf(row.locator('td[data-label="Status"]'))).toBe('Signed');

    // The CSV is the filtered list, readable by a spreadsheet as UTF-8.
    const csv = (
      await downloaded(page, () => page.getByRole('link', { name: 'Export CSV' }).click())
    ).toString('utf8');
    expect(csv.startsWith('\uFEFFAssessment id,Adviser,Client name,Client email,')).toBe(true);
    const lines = csv.split('\r\n');
    expect(
      lines.find((line) => line.startsWith(`${recordId},demo-adviser,${CLIENT.name},${CLIENT.email},`)),
    ).toBeDefined();

    await row.getByRole('link', { name: CLIENT.name, exact: true }).click();
    await page.waitForURL(`${suite.system.url}/admin/assessments/${recordId}`);
    await page.getByRole('heading', { level: 1, name: CLIENT.name }).waitFor();
    expect(await textOf(page.getByRole('region', { name: 'Client', exact: true }))).toContain(
      'Adviserdemo-adviser',
    );
    await page.getByRole('heading', { level: 2, name: 'Signature' }).waitFor();

    // Every view, download, resend and export is in the access log, with who did it.
    await nav.getByRole('link', { name: 'Access log' }).click();
    await page.waitForURL(/\/admin\/access-log/);
    await page.getByLabel('Actor (email)').fill(ADVISER.email);
    await page.waitForURL(/[?&]actor=/);
    await page.getByLabel('Action').waitFor();
    await page.getByLabel('Assessment id').waitFor();
    const entries = page.locator('tbody tr');
    await entries.first().waitFor();
    const adviserEntries = await Promise.all(
      (await entries.all()).map(async (entry) => ({
        who: await textOf(entry.locator('td[data-label="Who"]')),
        action: await textOf(entry.locator('td[data-label="Action"]')),
        assessment: await textOf(entry.locator('td[data-label="Assessment"]')),
      })),
    );
    for (const entry of adviserEntries) expect(entry.who).toBe(`${ADVISER.email} (adviser)`);
    const actions = adviserEntries
      .filter((entry) => entry.assessment.includes(recordId!))
      .map((entry) => entry.action);
    expect(actions).toContain('Record viewed');
    expect(actions).toContain('Report downloaded');
    expect(actions.some((action) => action.startsWith('Report resent'))).toBe(true);
  });
});
