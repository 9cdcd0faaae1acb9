import { DEMO_ADVISER } from '@risk-profile/adviser';
import {
  AGREED_OTHER_REASON_MESSAGE,
  HOUSEHOLD_CONTACT_REQUIRED_MESSAGE,
  MIN_REVIEW_REASON_LENGTH,
} from '@risk-profile/contracts';
import { describeTarget, eventually } from '@risk-profile/platform/testing';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { type Answers, agreeWithProfile, answersWith, reachResults, signAssessment } from './support/journey';
import { browserSkipReason } from './support/system';
import { downloaded, pdfText, textOf, useWorkspaceSuite } from './support/workspace-suite';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const HOUSEHOLD = 'Jordan and Sam Lee';

interface Member {
  name: string;
  email: string;
  answers: Answers;
}

// Jordan answers in the middle: 36 of 60, Balanced, moderate capacity for loss. Sam answers
// cautiously: 25 of 60, Conservative, low capacity (Moderately Conservative at most). Their profiles
// are two groups apart and Sam's capacity is below Jordan's profile: both flags. Their lowest
// profile is Conservative, their average (group 2) Moderately Conservative.
const JORDAN: Member = { name: 'Jordan Lee', email: 'jordan.lee@example.com', answers: answersWith() };
const SAM: Member = { name: 'Sam Lee', email: 'sam.lee@example.com', answers: answersWith({ 7: 3 }, 2) };
const AGREED = 'Moderately Conservative';
const REASON =
  'Their joint savings follow the average of their profiles, within what Sam can afford to lose.';

describeTarget(
  'households: two members profiled apart, one profile agreed and confirmed',
  browserTarget,
  () => {
    const suite = useWorkspaceSuite();
    const { openPage, signInAsAdviser } = suite;
    /** The household the first test creates; the others go on with it. */
    let householdId: string | undefined;

    /** The adviser, signed in, on the household's page. */
    const openHousehold = async (): Promise<Page> => {
      expect(householdId).toBeDefined();
      const page = await openPage();
      await signInAsAdviser(page);
      await page.goto(`${suite.system.url}/adviser/households/${householdId}`);
      await page.getByRole('heading', { level: 1, name: HOUSEHOLD }).waitFor();
      return page;
    };

    /** Presses Refresh until the household's status reads `status` (the view follows the bus). */
    const refreshUntil = async (page: Page, status: string) => {
      const meta = page.getByTestId('household-meta');
      await eventually(async () => {
        const text = await textOf(meta);
        if (!text.includes(status)) {
          await Promise.all([
            page.waitForResponse(
              (candidate) =>
                candidate.request().method() === 'GET' &&
                new URL(candidate.url()).pathname === `/api/adviser/households/${householdId}`,
            ),
            page.getByRole('button', { name: 'Refresh' }).click(),
          ]);
          throw new Error(`the household is not "${status}" yet: ${text}`);
        }
      }, 30_000);
    };

    /** One row of a side-by-side table: each member's cell, in column order. */
    const cells = (table: Locator, label: string) =>
      table
        .locator('tr')
        .filter({ has: table.page().getByRole('rowheader', { name: label, exact: true }) })
        .locator('td')
        .allTextContents();

    const mailsTo = (address: string) =>
      suite.smtp.received.filter((mail) => mail.envelope.to.includes(address));

    /** The first link in a mail to `address` whose address matches `pattern`. */
    const linkInMail = (address: string, pattern: RegExp) =>
      eventually(async () => {
        for (const mail of mailsTo(address)) {
          const url = mail.parsed.text?.match(pattern)?.[0];
          if (url) return url;
        }
        throw new Error(`no mail to ${address} carries a link like ${pattern} yet`);
      }, 30_000);

    const QUESTIONNAIRE_LINK = /https?:\/\/\S+\?token=\S+/;
    const CONFIRMATION_LINK = /https?:\/\/\S+\/household-confirm\?token=\S+/;

    it('an adviser creates a household of two from the workspace, checked as the service checks it', async () => {
      const page = await openPage();
      await signInAsAdviser(page);
      await page
        .getByRole('navigation', { name: 'Workspace' })
        .getByRole('link', { name: 'Households' })
        .click();
      await page.waitForURL(`${suite.system.url}/adviser/households`);
      await page.getByRole('heading', { level: 1, name: 'Households' }).waitFor();
      await page.getByRole('link', { name: 'New household' }).click();
      await page.waitForURL(`${suite.system.url}/adviser/households/new`);

      const creations: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/adviser/households') {
          creations.push(request.url());
        }
      });

      const first = page.getByRole('group', { name: 'Member 1' });
      const second = page.getByRole('group', { name: 'Member 2' });
      await page.getByLabel('Household name').fill(HOUSEHOLD);
      await first.getByLabel('Full name').fill(JORDAN.name);
      await first.getByLabel('Email address').fill(JORDAN.email);
      await second.getByLabel('Full name').fill(SAM.name);

      // A member without a contact is refused in the page, in the contract's words, before any request.
      await page.getByRole('button', { name: 'Create household' }).click();
      await second.getByText(HOUSEHOLD_CONTACT_REQUIRED_MESSAGE, { exact: true }).waitFor();
      expect(creations).toEqual([]);

      // A third member can be added and removed again; two is the fewest, so theirs cannot be.
      await page.getByRole('button', { name: 'Add member' }).click();
      const third = page.getByRole('group', { name: 'Member 3' });
      await third.getByLabel('Full name').waitFor();
      await third.getByRole('button', { name: /^Remove/ }).click();
      await third.waitFor({ state: 'detached' });
      expect(await second.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

      await second.getByLabel('Email address').fill(SAM.email);
      const [response] = await Promise.all([
        page.waitForResponse(
          (candidate) =>
            candidate.request().method() === 'POST' &&
            new URL(candidate.url()).pathname === '/api/adviser/households',
        ),
        page.getByRole('button', { name: 'Create household' }).click(),
      ]);
      expect(response.status()).toBe(201);
      const created = (await response.json()) as {
        id: string;
        members: { memberId: string; url?: string }[];
      };
      expect(created.members).toHaveLength(2);
      // Nobody sits with the adviser: every member is sent a link, none is handed back.
      expect(created.members.every((member) => member.url === undefined)).toBe(true);
      householdId = created.id;

      await page.waitForURL(`${suite.system.url}/adviser/households/${householdId}`);
      await page.getByRole('heading', { level: 1, name: HOUSEHOLD }).waitFor();
      const members = page.getByTestId('household-members');
      await members.getByRole('columnheader', { name: JORDAN.name }).waitFor();
      await members.getByRole('columnheader', { name: SAM.name }).waitFor();
      expect(await textOf(page.getByTestId('household-meta'))).toContain('Waiting for members');
      expect(await textOf(page.getByRole('region', { name: 'Household profile for joint money' }))).toContain(
        '0 of 2 have so far',
      );

      // The list shows it, with none signed yet.
      await page.getByRole('link', { name: '← Households' }).click();
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: HOUSEHOLD, exact: true }) });
      await row.waitFor();
      expect(await textOf(row.locator('td[data-label="Members"]'))).toBe('0 of 2 signed');
      expect(await textOf(row.locator('td[data-label="Status"]'))).toBe('Waiting for members');
    });

    it('each member answers and signs alone, from the link in their own email', async () => {
      expect(householdId).toBeDefined();
      for (const member of [JORDAN, SAM]) {
        const url = await linkInMail(member.email, QUESTIONNAIRE_LINK);
        expect(url).not.toContain('household-confirm');
        const page = await openPage();
        await page.goto(url);
        await page.getByRole('heading', { name: 'Discover your Risk Profile' }).waitFor();
        await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe(member.name);
        await reachResults(page, member.answers, { name: member.name, email: member.email });
        await agreeWithProfile(page);
        await signAssessment(page);
      }
    });

    it('the adviser sees both results side by side, the differences and the flags, and agrees a profile', async () => {
      const page = await openHousehold();
      await refreshUntil(page, 'Ready to agree');

      const members = page.getByTestId('household-members');
      expect(await cells(members, 'Status')).toEqual(['Signed', 'Signed']);
      expect(await cells(members, 'Profile')).toEqual(['Balanced', 'Conservative']);
      expect(await cells(members, 'Risk score')).toEqual([
        '36 of 60 (group 3 of 5)',
        '25 of 60 (group 1 of 5)',
      ]);
      expect(await cells(members, 'Capacity for loss')).toEqual([
        'Moderate: bears Growth at most',
        'Low: bears Moderately Conservative at most',
      ]);

      // The difference flag, in words the adviser reads before agreeing.
      const flags = await textOf(page.getByTestId('household-flags'));
      expect(flags).toContain('Jordan Lee chose Balanced and Sam Lee chose Conservative: 2 groups apart.');
      expect(flags).toContain(
        "Sam Lee's capacity for loss (low) can bear Moderately Conservative at most; Jordan Lee chose Balanced.",
      );
      // Where their answers differ most: every listed question has both members' answers.
      const differences = page.getByTestId('household-differences');
      await differences.waitFor();
      expect(await differences.locator('tbody tr').count()).toBeGreaterThan(0);

      const agreeRequests: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/agreed-profile'))
          agreeRequests.push(request.url());
      });

      // Another profile needs the longer reason; the page says so before sending anything.
      await page.getByRole('radio', { name: /^Another profile/ }).click();
      await page.getByRole('combobox', { name: 'Another profile' }).selectOption('Balanced');
      await page.getByRole('alert').filter({ hasText: "Beyond a member's capacity for loss" }).waitFor();
      await page.getByLabel('Reason', { exact: true }).fill('Too short.');
      await page.getByRole('button', { name: 'Record the agreed profile' }).click();
      await page.getByText(AGREED_OTHER_REASON_MESSAGE, { exact: true }).waitFor();
      expect(AGREED_OTHER_REASON_MESSAGE).toContain(String(MIN_REVIEW_REASON_LENGTH));
      expect(agreeRequests).toEqual([]);

      await page.getByRole('radio', { name: /^Lowest: Conservative/ }).waitFor();
      await page.getByRole('radio', { name: new RegExp(`^Average: ${AGREED}`) }).click();
      await page.getByLabel('Reason', { exact: true }).fill(REASON);
      const [agreed] = await Promise.all([
        page.waitForResponse(
          (candidate) =>
            candidate.request().method() === 'POST' && candidate.url().endsWith('/agreed-profile'),
        ),
        page.getByRole('button', { name: 'Record the agreed profile' }).click(),
      ]);
      expect(agreed.status()).toBe(200);

      const record = await textOf(page.getByTestId('household-agreed'));
      expect(record).toContain(`Agreed profile${AGREED}`);
      expect(record).toContain("BasisThe average of the members' profiles");
      expect(record).toContain(`Reason${REASON}`);
      expect(record).toContain('FlaggedNo');
      expect(record).toContain(`Agreed by${DEMO_ADVISER.adviserName}`);
      expect(await textOf(page.getByTestId('household-confirmations'))).toContain(
        `${JORDAN.name}: waiting for their confirmation`,
      );
      expect(await textOf(page.getByTestId('household-meta'))).toContain('Waiting for confirmations');
    });

    it('each member confirms the agreed profile from their confirmation email', async () => {
      expect(householdId).toBeDefined();
      for (const member of [JORDAN, SAM]) {
        const url = await linkInMail(member.email, CONFIRMATION_LINK);
        const page = await openPage();
        await page.goto(url);
        await page
          .getByRole('heading', { level: 1, name: "Confirm your household's Risk Profile" })
          .waitFor();
        const facts = await textOf(page.getByTestId('household-confirmation-facts'));
        expect(facts).toContain(`Household${HOUSEHOLD}`);
        expect(facts).toContain(`Your adviser${DEMO_ADVISER.adviserName}, ${DEMO_ADVISER.companyName}`);
        expect(facts).toContain(`The household's agreed profile${AGREED}`);
        expect(facts).toContain(`Your adviser's reason${REASON}`);
        // Sam's own profile is Conservative: the household's takes more risk, and the page says so.
        const warned = (await page.getByTestId('household-confirm-warning').count()) === 1;
        expect(warned).toBe(member === SAM);

        await page.getByRole('button', { name: 'Confirm', exact: true }).click();
        await page.getByText('Please enter your full name to sign.', { exact: true }).waitFor();
        await page.getByLabel('Type your full name to sign').fill(member.name);
        await page.getByRole('button', { name: 'Confirm', exact: true }).click();
        const thanks = page.getByTestId('household-confirmed');
        await thanks.waitFor();
        expect(await textOf(thanks)).toContain(`Thank you, ${member.name}`);

        // The link again: already confirmed, with the time, and nothing more to sign.
        await page.reload();
        await page.getByTestId('household-confirmed').waitFor();
        expect(await page.getByLabel('Type your full name to sign').count()).toBe(0);
      }

      // A link with a token the service does not know is refused with its own words.
      const page = await openPage();
      await page.goto(`${suite.system.url}/household-confirm?token=not-a-token`);
      const refusal = page.getByTestId('household-confirm-error');
      await refusal.waitFor();
      expect(await textOf(refusal)).toContain('This confirmation link cannot be used');
    });

    it('the household report names both members and the agreed profile', async () => {
      const page = await openHousehold();
      await refreshUntil(page, 'Confirmed');
      const confirmations = await textOf(page.getByTestId('household-confirmations'));
      expect(confirmations).toMatch(new RegExp(`${JORDAN.name}: confirmed \\d`));
      expect(confirmations).toMatch(new RegExp(`${SAM.name}: confirmed \\d`));

      const pdf = await downloaded(page, () =>
        page.getByRole('link', { name: 'Download household report (PDF)' }).click(),
      );
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(pdf);
      expect(text).toContain(HOUSEHOLD);
      expect(text).toContain(JORDAN.name);
      expect(text).toContain(SAM.name);
      expect(text).toContain(AGREED);

      // Emailed once every member confirmed: to the adviser and each member, with the PDF.
      for (const address of [DEMO_ADVISER.email, JORDAN.email, SAM.email]) {
        await eventually(async () => {
          const reports = mailsTo(address).filter((mail) =>
            mail.parsed.attachments.some((attachment) => pdfText(attachment.content).includes(HOUSEHOLD)),
          );
          if (reports.length !== 1) throw new Error(`${address} has ${reports.length} household reports`);
        }, 30_000);
      }
    });
  },
);
