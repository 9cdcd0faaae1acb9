import { describe, expect, it } from 'vitest';
import { reportOnSigning, reportRecipients } from './report-recipients';

const adviser = {
  slug: 'demo-adviser',
  adviserName: 'Alex Morgan',
  companyName: 'Harbour Wealth Partners',
};

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
