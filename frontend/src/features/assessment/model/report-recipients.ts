import type { Adviser } from '@risk-profile/contracts';

/** Who receives the report, in words (the notification service emails the adviser and the client). */
export function reportRecipients(clientEmail: string, clientPhone: string, adviser: Adviser | null): string {
  const email = clientEmail.trim();
  if (adviser) {
    const to = `${adviser.adviserName} at ${adviser.companyName}`;
    return email
      ? `Your Risk Profile report has been sent to ${to}, with a copy to you at ${email}.`
      : `Your Risk Profile report has been sent to ${to}, who will be in touch with you on ${clientPhone.trim()}.`;
  }
  return email
    ? `A copy of your Risk Profile report has been sent to ${email}.`
    : 'Your signed Risk Profile has been recorded. As you did not give an email address, no copy can be emailed to you.';
}
