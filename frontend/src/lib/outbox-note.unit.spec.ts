import { describe, expect, it } from 'vitest';
import type { MessageDelivery } from './env';
import { linkSentNotice } from './outbox-note';

const providers: MessageDelivery = { email: 'smtp', sms: 'vonage' };
const outbox: MessageDelivery = { email: 'outbox', sms: 'outbox' };

describe('linkSentNotice', () => {
  const emailed = 'The questionnaire link is being emailed to casey@example.com.';

  it("keeps the service's words when the channel is configured", () => {
    expect(linkSentNotice(emailed, 'email', 'casey@example.com', providers)).toBe(emailed);
    expect(linkSentNotice(emailed, 'email', 'casey@example.com', null)).toBe(emailed);
  });

  it('says the message is saved in the outbox folder, never where the folder is, when the channel writes there', () => {
    expect(linkSentNotice(emailed, 'email', 'casey@example.com', outbox)).toBe(
      'The questionnaire link is addressed to casey@example.com. No mail server is configured, so emails are saved in the outbox folder on the server instead of being sent.',
    );
    expect(linkSentNotice('sent by SMS', 'sms', '0412 345 678', outbox)).toBe(
      'The questionnaire link is addressed to 0412 345 678. No SMS provider is configured, so text messages are saved in the outbox folder on the server instead of being sent.',
    );
  });
});
