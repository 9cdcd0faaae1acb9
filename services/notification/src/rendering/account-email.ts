import type { AccountInvitationRequestedV1 } from '@risk-profile/contracts';
import { renderLinkEmailHtml } from './link-email-html';
import type { RenderedEmail } from './report-email';
import { formatReportDate } from './report-model';
import { defanged, unlinkable } from './unlinkable';

type AccountLink = AccountInvitationRequestedV1['data'];

/**
 * What each kind of email says, apart from the greeting, the link and its expiry; `safe` keeps a
 * typed name from becoming a link (zero-width spaces in the HTML, defanged in the text part).
 */
function wording(link: AccountLink, safe: (text: string) => string) {
  const firm = link.companyName ? ` for ${safe(link.companyName)}` : '';
  return link.kind === 'invitation'
    ? {
        subject: 'Your Risk Profile account: set your password',
        preview: 'Set your password to start using Risk Profile',
        intro: `An account has been created for you on Risk Profile${firm}. To start using it, choose a password with the link below.`,
        action: 'Set your password',
        ignore:
          'If you were not expecting this invitation, you can ignore this email; no one can use the account until a password is set.',
      }
    : {
        subject: 'Reset your Risk Profile password',
        preview: 'Choose a new password for Risk Profile',
        intro: `An administrator has reset the password of your Risk Profile account${firm}. Your previous password no longer works: choose a new one with the link below.`,
        action: 'Choose a new password',
        ignore: 'If you did not expect this, please tell your administrator.',
      };
}

/**
 * An invitation or password-reset email: plain and professional, a button and the address
 * written out, when the link stops working and that it works once.
 */
export async function renderAccountEmail(link: AccountLink, timeZone?: string): Promise<RenderedEmail> {
  const words = wording(link, unlinkable);
  const name = unlinkable(link.recipientName.trim()) || 'there';
  const expires = formatReportDate(link.expiresAt, timeZone);
  const validity = `The link works once, until ${expires}. After that, ask your administrator for a new one.`;
  const html = renderLinkEmailHtml({
    preview: words.preview,
    greeting: `Hello ${name},`,
    intro: words.intro,
    link: { action: words.action, url: link.url },
    notes: [validity, words.ignore],
  });
  // The text part has no zero-width spaces, which a reader would copy out with the text.
  const textName = defanged(link.recipientName.trim()) || 'there';
  const text = `Hello ${textName},\n\n${wording(link, defanged).intro}\n\n${words.action}:\n${link.url}\n\n${validity}\n\n${words.ignore}\n`;
  return { subject: words.subject, html, text };
}
