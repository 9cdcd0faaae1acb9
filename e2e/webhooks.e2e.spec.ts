import { assessmentSignedWebhook } from '@risk-profile/contracts';
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@risk-profile/notification/testing';
import { describeTarget, eventually } from '@risk-profile/platform/testing';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  agreeWithProfile,
  answersWith,
  isFocused,
  openAssessment,
  reachResults,
  signAssessment,
} from './support/journey';
import { browserSkipReason } from './support/system';
import { textOf, useWorkspaceSuite } from './support/workspace-suite';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const CLIENT = { name: 'Wren Webhook', email: 'wren.webhook@example.com' };

/**
 * The delivery's payload once the reference verifier (the `standardwebhooks` package) has checked
 * its signature with `secret`; throws when the signature, the id or the timestamp does not hold.
 */
function verifiedPayload(secret: string, delivery: ReceivedWebhook): unknown {
  const header = (name: string) => String(delivery.headers[name] ?? '');
  return new Webhook(secret).verify(delivery.body, {
    'webhook-id': header('webhook-id'),
    'webhook-timestamp': header('webhook-timestamp'),
    'webhook-signature': header('webhook-signature'),
  });
}

describeTarget(
  'signed webhooks: an administrator adds an endpoint and a CRM hears of a signing',
  browserTarget,
  () => {
    // The receiver listens on plain http at 127.0.0.1, which only this setting lets an endpoint name.
    const suite = useWorkspaceSuite({ WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' });
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startWebhookReceiver();
    });
    afterAll(async () => {
      await receiver?.stop();
    });

    /** The administrator, signed in, on the Webhooks page reached from the admin navigation. */
    const adminOnWebhooks = async (): Promise<Page> => {
      const page = await suite.openPage();
      await suite.signInAsAdmin(page);
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }).click();
      await page.waitForURL(`${suite.system.url}/admin/webhooks`);
      await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
      return page;
    };

    it('adds an endpoint, a client signs, the receiver verifies assessment.signed and the log shows it delivered', async () => {
      const admin = await adminOnWebhooks();
      const form = admin.getByRole('form', { name: 'Add an endpoint' });
      const url = form.getByLabel('Endpoint URL');

      // The shared schema's message as soon as the field is left, gone once the URL is whole.
      await url.fill('crm.example.com/hooks');
      await url.blur();
      await form.getByText('Please enter a full URL').waitFor();
      await url.fill(receiver.url);
      await form.getByText('Please enter a full URL').waitFor({ state: 'detached' });
      // Signed assessments come ticked; untick and tick again with the keyboard.
      const signed = form.getByRole('checkbox', { name: /assessment\.signed/ });
      expect(await signed.getAttribute('aria-checked')).toBe('true');
      await signed.focus();
      await admin.keyboard.press('Space');
      await form.getByText('Please choose at least one event.').waitFor();
      await admin.keyboard.press('Space');
      expect(await signed.getAttribute('aria-checked')).toBe('true');
      await form.getByLabel('Description').fill('Practice CRM (end-to-end test)');
      await form.getByRole('button', { name: 'Add endpoint' }).click();

      // The secret, once, with the warning; focus lands on it.
      const panel = admin.getByTestId('webhook-secret');
      await panel.waitFor();
      expect(await textOf(panel)).toContain('you will not see it again');
      const secret = await textOf(panel.locator('code'));
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32,}$/);
      expect(await isFocused(panel.getByRole('heading'))).toBe(true);
      await admin
        .getByRole('status')
        .filter({ hasText: `Endpoint ${receiver.url} added.` })
        .waitFor();

      const card = admin.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
      expect(await textOf(card)).toContain('Practice CRM (end-to-end test)');
      expect(await textOf(card)).toContain('Active');

      // A client signs at the adviser's page.
      const client = await suite.openPage();
      await openAssessment(client, suite.system.url, '/demo-adviser');
      await reachResults(client, answersWith(), CLIENT);
      const assessmentId = (await agreeWithProfile(client)).id;
      await signAssessment(client);

      // The receiver gets one assessment.signed for it, which the reference verifier accepts.
      // (Every delivery here is verified, then read by the contract's schema of the event.)
      const signedEvent = (delivery: ReceivedWebhook) => {
        const payload = assessmentSignedWebhook.safeParse(verifiedPayload(secret, delivery));
        return payload.success && payload.data.data.assessmentId === assessmentId ? payload.data : null;
      };
      const isThisSigning = (delivery: ReceivedWebhook) => signedEvent(delivery) !== null;
      const delivery = await eventually(async () => {
        const found = receiver.received.find(isThisSigning);
        if (!found)
          throw new Error(
            `no assessment.signed for ${assessmentId} yet (${receiver.received.length} received)`,
          );
        return found;
      }, 30_000);
      expect(delivery.headers['webhook-id']).toMatch(/^msg_/);
      const webhookId = String(delivery.headers['webhook-id']);
      expect(signedEvent(delivery)?.data.client).toEqual({
        name: CLIENT.name,
        email: CLIENT.email,
        phone: null,
      });
      expect(() => verifiedPayload('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', delivery)).toThrow();

      // The endpoint's log shows it delivered, under the same webhook id, answered 200, in one attempt.
      await card.getByRole('button', { name: 'Show deliveries' }).click();
      const row = card.getByTestId('webhook-delivery').filter({ hasText: webhookId });
      await eventually(async () => {
        expect(await textOf(row)).toContain('Delivered');
      }, 15_000);
      // As laid out: each fact's label and value on lines of their own.
      const facts = (await row.innerText()).replace(/\s+/g, ' ');
      expect(facts).toContain('Assessment signed');
      expect(facts).toContain('Attempts 1');
      expect(facts).toContain('Last response 200');

      expect(receiver.received.filter(isThisSigning)).toHaveLength(1);

      // "Send again" sends the same id and body, which verify as before.
      const before = receiver.received.length;
      await row.getByRole('button', { name: /^Send again/ }).click();
      await card.getByRole('status').filter({ hasText: 'is being sent again' }).waitFor();
      const again = await eventually(async () => {
        const next = receiver.received
          .slice(before)
          .find((candidate) => candidate.headers['webhook-id'] === webhookId);
        if (!next) throw new Error('not sent again yet');
        return next;
      }, 30_000);
      expect(again.body).toBe(delivery.body);
      expect(isThisSigning(again)).toBe(true);

      // Once the page is left, the secret is nowhere to be read again.
      await admin.reload();
      await card.waitFor();
      expect(await admin.content()).not.toContain(secret);
    });

    it('shows the service refusing an address it may not call, and deletes an endpoint only when confirmed', async () => {
      const admin = await adminOnWebhooks();
      const form = admin.getByRole('form', { name: 'Add an endpoint' });
      await form.getByLabel('Endpoint URL').fill('ftp://127.0.0.1/hooks');
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const refusal = form.getByRole('alert').filter({ hasText: 'Could not add the endpoint' });
      await refusal.waitFor();
      expect(await textOf(refusal)).toContain('use https');

      const card = admin.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
      // A new secret, shown once in the endpoint's card, the old one still signing for a day.
      await card.getByRole('button', { name: 'Rotate secret' }).click();
      const rotated = card.getByTestId('webhook-secret');
      await rotated.waitFor();
      expect(await textOf(rotated.locator('code'))).toMatch(/^whsec_/);
      expect(await textOf(rotated)).toContain('24 hours');
      expect(await textOf(card)).toContain('Previous secret signs until');
      await rotated.getByRole('button', { name: 'I have saved it' }).click();
      await rotated.waitFor({ state: 'detached' });

      await card.getByRole('button', { name: 'Disable' }).click();
      await card.getByRole('status').filter({ hasText: 'Endpoint disabled' }).waitFor();
      expect(await textOf(card)).toContain('Disabled');

      await card.getByRole('button', { name: 'Delete' }).click();
      const dialog = admin.getByTestId('webhook-delete-dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await card.count()).toBe(1);
      await card.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
      await card.waitFor({ state: 'detached' });
      await admin.getByText('No endpoints yet').waitFor();
    });
  },
);
