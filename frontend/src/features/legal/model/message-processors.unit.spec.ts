import { describe, expect, it } from 'vitest';
import { messageProcessors } from './message-processors';

describe('messageProcessors', () => {
  it('names the email provider and Vonage when both are configured', () => {
    const text = messageProcessors({ email: 'smtp', sms: 'vonage' });
    expect(text).toContain('Emails are delivered by the email provider this service is configured with');
    expect(text).toContain('Text messages are delivered by Vonage');
    expect(text).not.toContain('outbox');
  });

  it('says nothing leaves the server when both channels write to the outbox folder', () => {
    const text = messageProcessors({ email: 'outbox', sms: 'outbox' });
    expect(text).toContain('emails and text messages are not sent');
    expect(text).not.toContain('Vonage');
    expect(text).not.toContain('delivered by');
  });

  it('names only the provider that is configured', () => {
    const text = messageProcessors({ email: 'smtp', sms: 'outbox' });
    expect(text).toContain('Emails are delivered by the email provider');
    expect(text).toContain('text messages are not sent');
    expect(text).not.toContain('Vonage');
  });

  it('names the providers by role when the page was not told which are configured', () => {
    expect(messageProcessors(null)).toContain('delivered by the email and SMS providers');
  });
});
