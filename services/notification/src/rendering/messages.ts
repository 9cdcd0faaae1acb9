import type { QuestionnaireLinkRequestedV1 } from '@risk-profile/contracts';
import { renderLinkEmailHtml } from './link-email-html';
import type { RenderedEmail } from './report-email';
import { formatReportDate, type ReportInput } from './report-model';
import { defanged, smsFirstName, unlinkable } from './unlinkable';

type LinkRequest = QuestionnaireLinkRequestedV1['data'];

/**
 * The SMS a client with only a mobile number gets when they sign: their profile, and that their
 * adviser has the report. Kept to one 160-character GSM segment for typical names.
 */
export function clientSummarySms(input: ReportInput): string {
  const firstName = smsFirstName(input.assessment.clientName);
  const hi = firstName ? `Hi ${firstName},` : 'Hi,';
  const profile = input.assessment.selectedProfile;
  const adviser = input.adviser;
  return adviser
    ? `${hi} your signed Risk Profile is ${profile}. ${adviser.adviserName} of ${adviser.companyName} has your report and will be in touch.`
    : `${hi} your signed Risk Profile is ${profile}. Thank you for completing it.`;
}

/**
 * The link by email: a short note from the adviser, a button, and the plain address. The email
 * keeps the long link: its length costs nothing there, and it opens the page without a lookup.
 */
export async function renderLinkEmail(link: LinkRequest, timeZone?: string): Promise<RenderedEmail> {
  const typedFirstName = link.clientName.trim().split(/\s+/)[0] ?? link.clientName;
  // The HTML's name has zero-width spaces that keep it from becoming a link; the text part's is
  // defanged instead (a zero-width space would be copied out with it).
  const firstName = unlinkable(typedFirstName);
  const expires = formatReportDate(link.expiresAt, timeZone);
  const intro = `${link.adviserName} of ${link.companyName} has invited you to complete your Risk Profile questionnaire. It takes about 10 minutes, and your answers help them recommend investments that suit you.`;
  const html = renderLinkEmailHtml({
    preview: `Complete your Risk Profile for ${link.adviserName}`,
    greeting: `Hi ${firstName},`,
    intro,
    link: { action: 'Start your Risk Profile', url: link.url },
    notes: [`This link is personal to you and works until ${expires}.`],
  });
  const text = `Hi ${defanged(typedFirstName)},\n\n${intro}\n\nStart your Risk Profile:\n${link.url}\n\nThis link is personal to you and works until ${expires}.\n`;
  return { subject: `${link.adviserName} invites you to complete your Risk Profile`, html, text };
}
