import type { AccountInvitationRequestedV1 } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { renderAccountEmail } from './index';

const link = (
  change: Partial<AccountInvitationRequestedV1['data']> = {},
): AccountInvitationRequestedV1['data'] => ({
  accountId: '0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11',
  kind: 'invitation',
  recipientEmail: 'jane@example.com',
  recipientName: 'Jane Smith',
  companyName: 'Smith Advice',
  url: 'https://risk.example.com/set-password?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
  expiresAt: '2026-01-13T09:00:00.000Z',
  ...change,
});

const plain = (text: string) => text.replace(/\u200B/g, '');

describe('the account email', () => {
  it('invites with the link as a button and as text, its expiry and that it works once', async () => {
    const email = await renderAccountEmail(link(), 'Australia/Sydney');
    expect(email.subject).toBe('Your Risk Profile account: set your password');
    expect(email.html).toContain(`href="${link().url}"`);
    expect(email.text).toContain(link().url);
    expect(plain(email.text)).toContain('Hello Jane Smith,');
    expect(plain(email.text)).toContain(
      'An account has been created for you on Risk Profile for Smith Advice.',
    );
    expect(email.text).toMatch(/The link works once, until 13 January 2026/);
    expect(email.html).not.toMatch(/<script/i);
  });

  it('says a reset is a reset, and that the old password no longer works', async () => {
    const email = await renderAccountEmail(link({ kind: 'reset', companyName: null }));
    expect(email.subject).toBe('Reset your Risk Profile password');
    expect(email.text).toContain('Your previous password no longer works');
    expect(email.text).toContain('password of your Risk Profile account. Your previous');
  });

  it('keeps zero-width spaces out of the plain-text part', async () => {
    const email = await renderAccountEmail(
      link({ recipientName: 'Jane.Smith', companyName: 'smith.com.au Pty. Ltd.' }),
    );
    expect(email.text).not.toMatch(/[\u200B-\u200D\u2060\uFEFF]/);
    expect(email.text).toContain('Hello Jane[.]Smith,');
    expect(email.text).toContain('Risk Profile for smith[.]com[.]au Pty. Ltd.');
    expect(email.html).toContain('smith.\u200Bcom.\u200Bau');
  });

  it('escapes names in the HTML', async () => {
    const email = await renderAccountEmail(link({ recipientName: '<b>Jane</b>' }));
    expect(email.html).not.toContain('<b>Jane</b>');
  });
});
