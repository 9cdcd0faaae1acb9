import { join } from 'node:path';
import type { NotificationConfig } from './config';
import type { Mailer } from './mail/mailer.port';
import { outboxMailer } from './mail/outbox-mailer.adapter';
import { smtpMailer } from './mail/smtp-mailer.adapter';
import { outboxSms } from './sms/outbox-sms.adapter';
import type { SmsSender } from './sms/sms-sender.port';
import { vonageSms } from './sms/vonage-sms.adapter';

/** The folder the outbox adapters write to. */
export const outboxDir = (config: Pick<NotificationConfig, 'DATA_DIR'>): string =>
  join(config.DATA_DIR, 'outbox');

/**
 * Where messages go, as the pages say it: email through the SMTP server or into the outbox
 * folder, SMS through Vonage or into the same folder. It carries no credentials.
 */
export interface MessageDelivery {
  email: 'smtp' | 'outbox';
  sms: 'vonage' | 'outbox';
  /** The outbox folder, when either channel writes there. */
  outboxDir?: string;
}

const smsConfigured = (config: NotificationConfig) =>
  Boolean(config.VONAGE_API_KEY && config.VONAGE_API_SECRET && config.VONAGE_FROM);

export function messageDelivery(config: NotificationConfig): MessageDelivery {
  const email = config.SMTP_URL ? 'smtp' : 'outbox';
  const sms = smsConfigured(config) ? 'vonage' : 'outbox';
  return email === 'outbox' || sms === 'outbox'
    ? { email, sms, outboxDir: outboxDir(config) }
    : { email, sms };
}

/** The transports the configuration asks for: SMTP and Vonage when configured, else the outbox folder. */
export function openTransports(config: NotificationConfig): { mailer: Mailer; sms: SmsSender } {
  const outbox = outboxDir(config);
  const mailer = config.SMTP_URL ? smtpMailer({ url: config.SMTP_URL }) : outboxMailer({ dir: outbox });
  const sms =
    config.VONAGE_API_KEY && config.VONAGE_API_SECRET && config.VONAGE_FROM
      ? vonageSms({
          apiKey: config.VONAGE_API_KEY,
          apiSecret: config.VONAGE_API_SECRET,
          from: config.VONAGE_FROM,
          restHost: config.VONAGE_API_HOST,
        })
      : outboxSms({ dir: outbox, from: config.VONAGE_FROM ?? 'RiskProfile' });
  return { mailer, sms };
}
