import type { Adviser } from '@risk-profile/contracts';

/**
 * Where the signed report goes, in words. The notification service emails the report to the
 * adviser whose page or link the client came through; the client gets a copy by email, or, with
 * only a mobile number, a text message with their profile. The screens say exactly this.
 */
const adviserAndCompany = (adviser: Adviser) => `${adviser.adviserName} at ${adviser.companyName}`;

/** After signing (the success screen): what is on its way, and to whom. */
export function reportRecipients(clientEmail: string, clientPhone: string, adviser: Adviser | null): string {
  const email = clientEmail.trim();
  const phone = clientPhone.trim();
  if (adviser) {
    const to = `Your Risk Profile report is being emailed to ${adviserAndCompany(adviser)}`;
    if (email) return `${to}, with a copy to you at ${email}.`;
    if (phone) return `${to}. A text message with your profile is on its way to ${phone}.`;
    return `${to}.`;
  }
  if (email) return `A copy of your Risk Profile report is being emailed to you at ${email}.`;
  if (phone)
    return `Your signed Risk Profile has been recorded. A text message with your profile is on its way to ${phone}.`;
  return 'Your signed Risk Profile has been recorded.';
}

/** Before signing (the signature card): what pressing Sign will send. */
export function reportOnSigning(clientEmail: string, clientPhone: string, adviser: Adviser | null): string {
  const email = clientEmail.trim();
  const phone = clientPhone.trim();
  const copy = email
    ? `a copy to you at ${email}`
    : phone
      ? `a text message with your profile to ${phone}`
      : null;
  if (adviser) {
    return `Your signature completes the assessment and emails your report to ${adviserAndCompany(adviser)}${copy ? `, with ${copy}` : ''}.`;
  }
  return copy
    ? `Your signature completes the assessment and sends ${copy}.`
    : 'Your signature completes the assessment.';
}
