import { Body, Button, Container, Head, Heading, Html, Link, Preview, Text } from '@react-email/components';
import type { QuestionnaireLinkRequestedV1 } from '@risk-profile/contracts';
import { createElement as h } from 'react';
import { renderEmailHtml } from './email-html';
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

const FONT = 'Helvetica, Arial, sans-serif';

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
  const html = renderEmailHtml(
    h(
      Html,
      { lang: 'en-AU' },
      h(Head, null),
      h(Preview, null, `Complete your Risk Profile for ${link.adviserName}`),
      h(
        Body,
        { style: { backgroundColor: '#f4f6f8', fontFamily: FONT, color: '#1f2933', padding: '24px 0' } },
        h(
          Container,
          {
            style: {
              backgroundColor: '#ffffff',
              maxWidth: '560px',
              padding: '24px 28px',
              borderRadius: '8px',
            },
          },
          h(Heading, { as: 'h1', style: { fontSize: '20px', color: '#102a43' } }, `Hi ${firstName},`),
          h(Text, { style: { fontSize: '14px', lineHeight: '22px' } }, intro),
          h(
            Button,
            {
              href: link.url,
              style: {
                backgroundColor: '#0b6e4f',
                color: '#ffffff',
                padding: '12px 20px',
                borderRadius: '6px',
                fontSize: '15px',
                fontWeight: 'bold',
                textDecoration: 'none',
              },
            },
            'Start your Risk Profile',
          ),
          h(Text, { style: { fontSize: '13px', color: '#52606d' } }, 'Or open this link in your browser:'),
          h(Link, { href: link.url, style: { fontSize: '13px', wordBreak: 'break-all' } }, link.url),
          h(
            Text,
            { style: { fontSize: '12px', color: '#52606d' } },
            `This link is personal to you and works until ${expires}.`,
          ),
        ),
      ),
    ),
  );
  const text = `Hi ${defanged(typedFirstName)},\n\n${intro}\n\nStart your Risk Profile:\n${link.url}\n\nThis link is personal to you and works until ${expires}.\n`;
  return { subject: `${link.adviserName} invites you to complete your Risk Profile`, html, text };
}
