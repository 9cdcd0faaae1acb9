import { describe, expect, it } from 'vitest';
import type { MessageDelivery } from '../../../lib/env';
import { adviserReportPhrase, reportOnSigning, reportRecipients } from './report-recipients';

const adviser = {
  slug: 'demo-adviser',
  adviserName: 'Alex Morgan',
  companyName: 'Harbour Wealth Partners',
};

const providers: MessageDelivery = { email: 'smtp', sms: 'vonage' };
const outbox: MessageDelivery = { email: 'outbox', sms: 'outbox' };

describe('reportRecipients (after signing)', () => {
  it.each([
    [
      'an adviser and an email',
      'jane@example.com',
      '',
      adviser,
      'Your Risk Profile report is being emailed to Alex Morgan at Harbour Wealth Partners, with a copy to you at jane@example.com.',
    ],
    [
      'an adviser and only a phone',
      '',
      '0412 345 678',
      adviser,
      'Your Risk Profile report is being emailed to Alex Morgan at Harbour Wealth Partners. A text message with your profile is on its way to 0412 345 678.',
    ],
    [
      'no adviser and an email',
      ' jane@example.com ',
      '0412 345 678',
      null,
      'A copy of your Risk Profile report is being emailed to you at jane@example.com.',
    ],
    [
      'no adviser and only a phone',
      '',
      '0412 345 678',
      null,
      'Your signed Risk Profile has been recorded. A text message with your profile is on its way to 0412 345 678.',
    ],
  ])('names the recipients with %s', (_, email, phone, who, expected) => {
    expect(reportRecipients(email, phone, who)).toBe(expected);
  });

  it('claims nothing is sent when there is neither an adviser nor a contact', () => {
    expect(reportRecipients('', '', null)).toBe('Your signed Risk Profile has been recorded.');
  });

  it('says the same when the providers are configured', () => {
    expect(reportRecipients('jane@example.com', '', adviser, providers)).toBe(
      'Your Risk Profile report is being emailed to Alex Morgan at Harbour Wealth Partners, with a copy to you at jane@example.com.',
    );
  });

  it.each([
    [
      'an adviser and an email',
      'jane@example.com',
      '',
      adviser,
      'Your Risk Profile report is addressed to Alex Morgan at Harbour Wealth Partners, with a copy to you at jane@example.com. No mail server is configured, so emails are saved in the outbox folder on the server instead of being sent.',
    ],
    [
      'an adviser and only a phone',
      '',
      '0412 345 678',
      adviser,
      'Your Risk Profile report is addressed to Alex Morgan at Harbour Wealth Partners. A text message with your profile is addressed to 0412 345 678. No mail server or SMS provider is configured, so messages are saved in the outbox folder on the server instead of being sent.',
    ],
    [
      'no adviser and only a phone',
      '',
      '0412 345 678',
      null,
      'Your signed Risk Profile has been recorded. A text message with your profile is addressed to 0412 345 678. No SMS provider is configured, so text messages are saved in the outbox folder on the server instead of being sent.',
    ],
  ])('names the outbox folder instead of claiming a send, with %s', (_, email, phone, who, expected) => {
    expect(reportRecipients(email, phone, who, outbox)).toBe(expected);
  });

  it('names only the channel that goes to the folder', () => {
    const smsOnly: MessageDelivery = { email: 'smtp', sms: 'outbox' };
    expect(reportRecipients('jane@example.com', '0412 345 678', null, smsOnly)).toBe(
      'A copy of your Risk Profile report is being emailed to you at jane@example.com.',
    );
  });
});

describe('reportOnSigning (before signing)', () => {
  it('names the adviser, their address and the client copy', () => {
    expect(reportOnSigning('jane@example.com', '', adviser)).toBe(
      'Your signature completes the assessment and emails your report to Alex Morgan at Harbour Wealth Partners, with a copy to you at jane@example.com.',
    );
  });

  it('names the text message when the client gave only a mobile number', () => {
    expect(reportOnSigning('', '0412 345 678', null)).toBe(
      'Your signature completes the assessment and sends a text message with your profile to 0412 345 678.',
    );
  });
});

describe('adviserReportPhrase (the adviser banner)', () => {
  it('promises the email before signing', () => {
    expect(adviserReportPhrase(false, providers)).toBe('When you sign, your report will be emailed to them');
  });

  it('says the report is on its way once signed', () => {
    expect(adviserReportPhrase(true, providers)).toBe('Your signed report is being emailed to them');
  });

  it('claims no email when the outbox folder takes it', () => {
    expect(adviserReportPhrase(true, outbox)).toBe('Your signed report is addressed to them');
    expect(adviserReportPhrase(false, outbox)).toBe('When you sign, your report will be addressed to them');
  });
});

describe('reportOnSigning with the outbox folder', () => {
  it('says the report is addressed, not emailed, and where it is saved', () => {
    expect(reportOnSigning('jane@example.com', '', adviser, outbox)).toBe(
      'Your signature completes the assessment and addresses your report to Alex Morgan at Harbour Wealth Partners, with a copy to you at jane@example.com. No mail server is configured, so emails are saved in the outbox folder on the server instead of being sent.',
    );
  });
});
