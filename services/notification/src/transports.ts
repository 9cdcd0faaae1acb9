import { join } from 'node:path';
import type { MessageDelivery } from '@risk-profile/contracts';
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

const smsConfigured = (config: NotificationConfig) =>
  Boolean(config.VONAGE_API_KEY && config.VONAGE_API_SECRET && config.VONAGE_FROM);

/**
 * Where messages go, as the pages say it (see the contract's messageDeliverySchema): never the
 * outbox folder's path, which only the start-up log names.
 */
export function messageDelivery(config: NotificationConfig): MessageDelivery {
  return {
    email: config.SMTP_URL ? 'smtp' : 'outbox',
    sms: smsConfigured(config) ? 'vonage' : 'outbox',
  };
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
