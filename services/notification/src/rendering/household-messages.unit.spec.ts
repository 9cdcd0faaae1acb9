import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HouseholdConfirmationContent } from '../households/household-snapshot';
import { householdAgreed, householdConfirmed, householdMember } from '../testing/household-fixtures';
import {
  householdConfirmationEmail,
  householdConfirmationSms,
  householdReportEmail,
  householdReportFileName,
} from './household-messages';
import { fitsOneSegment } from './link-sms';

const ZONE = 'Australia/Sydney';
const jane = householdMember('Jane www.evil.com Citizen', 'jane@example.com');
const john = householdMember('John Citizen', null, '0412 000 111');

function confirmation(memberIndex: number, url?: string): HouseholdConfirmationContent {
  const { members, ...agreement } = householdAgreed(randomUUID(), [jane, john]).data;
  const member = members[memberIndex]!;
  return { ...agreement, member: url ? { ...member, confirmUrl: url } : member };
}

describe('the confirmation request', () => {
  it('names the adviser and firm, the agreed and own profiles, the reason and the expiry', () => {
    const email = householdConfirmationEmail(confirmation(0), ZONE);
    expect(email.subject).toBe("Alex Morgan asks you to confirm your household's Risk Profile");
    expect(email.text).toBe(
      `${[
        'Hi Jane,',
        "Alex Morgan of Harbour Wealth Partners has recorded the Risk Profile for your household's joint investments (The Citizen household): Moderately Conservative. Your own signed profile is Growth.",
        'The reason recorded: Joint money for the house deposit: the cautious side of both profiles.',
        `Review and confirm:\nhttps://advice.example.com/household-confirmation?token=${jane.memberId}`,
        'This link is personal to you and works until 6 December 2026 at 2:00 pm AEDT.',
        'Questions? Reply to this email to reach Alex Morgan.',
      ].join('\n\n')}\n`,
    );
    expect(email.html).toContain(
      `href="https://advice.example.com/household-confirmation?token=${jane.memberId}"`,
    );
  });

  it('says so when the agreed profile is flagged', () => {
    const content = confirmation(0);
    const flagged = { ...content, agreed: { ...content.agreed, flagged: true } };
    expect(householdConfirmationEmail(flagged, ZONE).text).toContain('Please read the reason with care');
  });

  it('keeps what the adviser typed from becoming a link', () => {
    const content = confirmation(0);
    const typed = {
      ...content,
      name: 'see www.evil.com',
      agreed: { ...content.agreed, reason: 'at evil.com/x' },
    };
    const email = householdConfirmationEmail(typed, ZONE);
    expect(email.text).toContain('(see www[.]evil[.]com)');
    expect(email.text).toContain('at evil[.]com/x');
    expect(email.html).not.toContain('evil.com');
  });

  it('goes by SMS in one segment when the link is short, in the full wording when not', () => {
    const short = householdConfirmationSms(confirmation(1, 'https://rp.example/c/x1'), ZONE);
    expect(short).toBe(
      "Alex Morgan asks you to confirm your household's Risk Profile, Moderately Conservative: https://rp.example/c/x1 Expires 6 Dec 2026 AEDT.",
    );
    expect(fitsOneSegment(short)).toBe(true);
    const long = householdConfirmationSms(confirmation(1), ZONE);
    expect(long).toContain(`token=${john.memberId}`);
    expect(long.startsWith('Alex Morgan of Harbour Wealth Partners asks you')).toBe(true);
  });
});

describe('the household report email', () => {
  const household = householdConfirmed(randomUUID(), [jane, john]).data;

  it("names the household to the adviser, and only the profile in a member's subject", () => {
    const toAdviser = householdReportEmail({ household, memberId: null }, ZONE);
    expect(toAdviser.subject).toBe(
      'Household Risk Profile report: The Citizen household, Moderately Conservative, confirmed 23 November 2026 at 4:00 pm AEDT',
    );
    expect(toAdviser.text).toContain('Every member of The Citizen household has confirmed');
    expect(toAdviser.text).toContain('Harbour Wealth Partners · Licence AFSL 246810. General advice only.');
    const toJane = householdReportEmail({ household, memberId: jane.memberId }, ZONE);
    expect(toJane.subject).toBe("Your household's Risk Profile report: Moderately Conservative");
    expect(toJane.text.startsWith('Hi Jane,')).toBe(true);
    expect(toJane.text).toContain('Reply to this email to reach Alex Morgan');
  });

  it('names the PDF for the household and the day in the firm’s zone', () => {
    expect(
      householdReportFileName(
        { ...household, name: 'Nguyễn & Lê', confirmedAt: '2026-11-27T22:00:00.000Z' },
        ZONE,
      ),
    ).toBe('household-risk-profile-nguyen-le-2026-11-28.pdf');
  });
});
