import { DeliveryError } from '../delivery/delivery-error';
import { outboxFileName, writeAtomically } from '../mail/outbox-mailer.adapter';
import { internationalNumber, type SentSms, type SmsMessage, type SmsSender } from './sms-sender.port';

/** The embedded default: each SMS becomes a JSON file in the outbox folder. */
export function outboxSms(options: { dir: string; from: string; clock?: () => Date }): SmsSender {
  const clock = options.clock ?? (() => new Date());
  return {
    describe: `outbox ${options.dir}`,
    outbox: true,
    async send(message: SmsMessage): Promise<SentSms> {
      const at = clock();
      const name = outboxFileName(at, message.reference, 'sms.json');
      const body = {
        from: options.from,
        to: internationalNumber(message.to),
        text: message.text,
        reference: message.reference,
        createdAt: at.toISOString(),
      };
      try {
        await writeAtomically(options.dir, name, `${JSON.stringify(body, null, 2)}\n`);
      } catch (error) {
        throw new DeliveryError('transient', `the outbox could not be written: ${(error as Error).message}`, {
          cause: error,
        });
      }
      return { providerMessageId: name };
    },
  };
}
