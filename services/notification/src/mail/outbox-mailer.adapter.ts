import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { DeliveryError } from '../delivery/delivery-error';
import type { Mailer, MailMessage, SentMail } from './mailer.port';

/** A file name made of the time and the message id: sortable, unique, and safe on any file system. */
export function outboxFileName(at: Date, id: string, extension: string): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${id.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 120)}.${extension}`;
}

/** Writes a file so a reader sees it whole or not at all. */
export async function writeAtomically(dir: string, name: string, content: string | Buffer): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${name}.tmp`);
  await writeFile(temporary, content);
  await rename(temporary, join(dir, name));
}

/**
 * The embedded default: each email becomes an RFC 5322 `.eml` file in the outbox folder, built
 * by nodemailer exactly as it would go over SMTP (any mail client opens it).
 */
export function outboxMailer(options: { dir: string; from: string; clock?: () => Date }): Mailer {
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'windows' },
    { from: options.from },
  );
  const clock = options.clock ?? (() => new Date());
  return {
    describe: `outbox ${options.dir}`,
    async send(message: MailMessage): Promise<SentMail> {
      let raw: Buffer;
      try {
        const info = await transport.sendMail({
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          html: message.html,
          text: message.text,
          messageId: message.messageId,
          attachments: message.attachments?.map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.contentType,
          })),
        });
        raw = info.message as Buffer;
      } catch (error) {
        // A message nodemailer cannot build (a malformed address) will not build next time either.
        throw new DeliveryError('permanent', `the message could not be built: ${(error as Error).message}`, {
          cause: error,
        });
      }
      const name = outboxFileName(clock(), message.messageId, 'eml');
      try {
        await writeAtomically(options.dir, name, raw);
      } catch (error) {
        throw new DeliveryError('transient', `the outbox could not be written: ${(error as Error).message}`, {
          cause: error,
        });
      }
      return { providerMessageId: name };
    },
    async close() {
      transport.close();
    },
  };
}
