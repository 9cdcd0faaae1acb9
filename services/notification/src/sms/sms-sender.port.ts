/**
 * SMS sender port: hands one text message to a provider. Adapters: Vonage through
 * `@vonage/server-sdk`, and an outbox folder of JSON files for the embedded default. Both run
 * the same contract suite.
 */
export interface SmsMessage {
  /** The recipient's mobile number as the client gave it (Australian: 04xx xxx xxx). */
  to: string;
  text: string;
  /** Stable id of this delivery, for the provider's client reference. */
  reference: string;
}

export interface SentSms {
  providerMessageId: string;
}

export interface SmsSender {
  /** Resolves once the provider accepted the message; rejects with DeliveryError. */
  send(message: SmsMessage): Promise<SentSms>;
  readonly describe: string;
  /** True when messages are saved as files in the outbox folder, not sent (see the Mailer's). */
  readonly outbox?: boolean;
}

/**
 * The number in international form without the plus (61412345678), as SMS providers take it:
 * an Australian 04… number gets the 61 country code; a number given with + keeps its own.
 */
export function internationalNumber(phone: string): string {
  const compact = phone.replace(/[\s()-]/g, '');
  if (compact.startsWith('+')) return compact.slice(1);
  if (/^0\d{9}$/.test(compact)) return `61${compact.slice(1)}`;
  return compact;
}
