import type { MessageDelivery } from '../../../lib/env';

/**
 * Who besides us handles the messages, as the privacy page's sharing section says it: the mail
 * server and Vonage receive each message they deliver (processors acting for us); a channel
 * without a provider saves its messages in the outbox folder, where nobody else receives them.
 * Without a delivery description (the distributed gateway is not told) the page names the roles,
 * which are true whichever providers are configured.
 */
export function messageProcessors(delivery: MessageDelivery | null): string {
  if (!delivery) {
    return 'Emails and text messages are delivered by the email and SMS providers this service is configured with. They receive each message, including any attached report, only to deliver it for us.';
  }
  if (delivery.email === 'outbox' && delivery.sms === 'outbox') {
    return 'No email or SMS provider is configured, so emails and text messages are not sent: they are saved on our server in the outbox folder.';
  }
  const email =
    delivery.email === 'smtp'
      ? 'Emails are delivered by the email provider this service is configured with; it receives each email, including the attached report, only to deliver it for us.'
      : 'No email provider is configured, so emails are not sent: they are saved on our server in the outbox folder.';
  const sms =
    delivery.sms === 'vonage'
      ? 'Text messages are delivered by Vonage, which receives your mobile number and the message only to deliver it for us.'
      : 'No SMS provider is configured, so text messages are not sent: they are saved on our server in the outbox folder.';
  return `${email} ${sms}`;
}
