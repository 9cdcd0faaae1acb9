import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DeliveryError } from '../delivery/delivery-error';
import type { EncodedMail, Mailer, SentMail } from './mailer.port';

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
 * The embedded default: each email becomes an RFC 5322 `.eml` file in the outbox folder, the
 * same bytes SMTP would carry (any mail client opens it).
 */
export function outboxMailer(options: { dir: string; clock?: () => Date }): Mailer {
  const clock = options.clock ?? (() => new Date());
  return {
    describe: `outbox ${options.dir}`,
    outbox: true,
    async send(mail: EncodedMail): Promise<SentMail> {
      const name = outboxFileName(clock(), mail.messageId, 'eml');
      try {
        await writeAtomically(options.dir, name, mail.raw);
      } catch (error) {
        throw new DeliveryError('transient', `the outbox could not be written: ${(error as Error).message}`, {
          cause: error,
        });
      }
      return { providerMessageId: name };
    },
    async close() {},
  };
}
