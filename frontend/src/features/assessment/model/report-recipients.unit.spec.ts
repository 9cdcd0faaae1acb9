import { describe, expect, it } from 'vitest';
import { reportRecipients } from './report-recipients';

const adviser = { slug: 'demo-adviser', adviserName: 'Alex Morgan', companyName: 'Harbour Wealth Partners' };

describe('reportRecipients', () => {
  it.each([
    [
      'an adviser and an email',
      'jane@example.com',
      '',
      adviser,
      'Your Risk Profile report has been sent to Alex Morgan at Harbour Wealth Partners, with a copy to you at jane@example.com.',
    ],
    [
      'an adviser and only a phone',
      '',
      '0412 345 678',
      adviser,
      'Your Risk Profile report has been sent to Alex Morgan at Harbour Wealth Partners, who will be in touch with you on 0412 345 678.',
    ],
    [
      'no adviser',
      'jane@example.com',
      '',
      null,
      'A copy of your Risk Profile report has been sent to jane@example.com.',
    ],
  ])('names the recipients with %s', (_, email, phone, who, expected) => {
    expect(reportRecipients(email, phone, who)).toBe(expected);
  });

  it('does not claim an email was sent when there is no address', () => {
    expect(reportRecipients('', '0412 345 678', null)).not.toMatch(/sent to/);
  });
});
