import type { Adviser } from '@risk-profile/contracts';
import type { MessageDelivery } from '../../../lib/env';
import { outboxNote } from '../../../lib/outbox-note';

/**
 * Where the signed report goes, in words. The notification service emails the report to the
 * adviser whose page or link the client came through; the client gets a copy by email, or, with
 * only a mobile number, a text message with their profile. The screens say exactly this, and,
 * where no mail server or SMS provider is configured (the embedded default), that the messages
 * are saved in the outbox folder on the server instead of being sent.
 */
const adviserAndCompany = (adviser: Adviser) => `${adviser.adviserName} at ${adviser.companyName}`;

/** Which messages signing sends: an email when there is an adviser or a client address, else a text. */
function messagesOf(email: string, phone: string, adviser: Adviser | null) {
  return { email: Boolean(adviser || email), sms: !email && Boolean(phone) };
}

/** After signing (the success screen): what is on its way, and to whom. */
export function reportRecipients(
  clientEmail: string,
  clientPhone: string,
  adviser: Adviser | null,
  delivery: MessageDelivery | null = null,
): string {
  const email = clientEmail.trim();
  const phone = clientPhone.trim();
  const emailed = delivery?.email === 'outbox' ? 'is addressed to' : 'is being emailed to';
  const texted = delivery?.sms === 'outbox' ? 'is addressed to' : 'is on its way to';
  const note = outboxNote(messagesOf(email, phone, adviser), delivery);
  if (adviser) {
    const to = `Your Risk Profile report ${emailed} ${adviserAndCompany(adviser)}`;
    if (email) return `${to}, with a copy to you at ${email}.${note}`;
    if (phone) return `${to}. A text message with your profile ${texted} ${phone}.${note}`;
    return `${to}.${note}`;
  }
  if (email) return `A copy of your Risk Profile report ${emailed} you at ${email}.${note}`;
  if (phone)
    return `Your signed Risk Profile has been recorded. A text message with your profile ${texted} ${phone}.${note}`;
  return 'Your signed Risk Profile has been recorded.';
}

/** Before signing (the signature card): what pressing Sign will send. */
export function reportOnSigning(
  clientEmail: string,
  clientPhone: string,
  adviser: Adviser | null,
  delivery: MessageDelivery | null = null,
): string {
  const email = clientEmail.trim();
  const phone = clientPhone.trim();
  const note = outboxNote(messagesOf(email, phone, adviser), delivery);
  const copy = email
    ? `a copy to you at ${email}`
    : phone
      ? `a text message with your profile to ${phone}`
      : null;
  if (adviser) {
    const emails = delivery?.email === 'outbox' ? 'addresses' : 'emails';
    return `Your signature completes the assessment and ${emails} your report to ${adviserAndCompany(adviser)}${copy ? `, with ${copy}` : ''}.${note}`;
  }
  if (!copy) return 'Your signature completes the assessment.';
  const saved = email ? delivery?.email === 'outbox' : delivery?.sms === 'outbox';
  return `Your signature completes the assessment and ${saved ? 'addresses' : 'sends'} ${copy}.${note}`;
}

/** The adviser banner's promise: what signing will do, then what it did. */
export function adviserReportPhrase(signed: boolean, delivery: MessageDelivery | null): string {
  const saved = delivery?.email === 'outbox';
  if (signed) return `Your signed report ${saved ? 'is addressed' : 'is being emailed'} to them`;
  return `When you sign, your report will be ${saved ? 'addressed' : 'emailed'} to them`;
}
