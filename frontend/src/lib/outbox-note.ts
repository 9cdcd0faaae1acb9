import type { MessageDelivery } from './env';

/**
 * The sentence saying the messages are saved in the outbox folder instead of sent, when any of
 * them goes there; '' when all are sent. It never says where the folder is: a client or an
 * adviser is never shown a path on the server.
 */
export function outboxNote(
  sends: { email: boolean; sms: boolean },
  delivery: MessageDelivery | null,
): string {
  const emailSaved = sends.email && delivery?.email === 'outbox';
  const smsSaved = sends.sms && delivery?.sms === 'outbox';
  if (!emailSaved && !smsSaved) return '';
  const missing =
    emailSaved && smsSaved ? 'mail server or SMS provider' : emailSaved ? 'mail server' : 'SMS provider';
  const what = emailSaved && smsSaved ? 'messages are' : emailSaved ? 'emails are' : 'text messages are';
  return ` No ${missing} is configured, so ${what} saved in the outbox folder on the server instead of being sent.`;
}

/**
 * The adviser's notice once a link is requested: the service's words, unless the link's channel
 * goes to the outbox folder, where "is being emailed" would not be true.
 */
export function linkSentNotice(
  serviceMessage: string,
  method: 'email' | 'sms',
  to: string,
  delivery: MessageDelivery | null,
): string {
  const saved = method === 'email' ? delivery?.email === 'outbox' : delivery?.sms === 'outbox';
  if (!saved) return serviceMessage;
  const sends = { email: method === 'email', sms: method === 'sms' };
  return `The questionnaire link is addressed to ${to}.${outboxNote(sends, delivery)}`;
}
