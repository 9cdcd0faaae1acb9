import nodemailer from 'nodemailer';
import { DeliveryError } from '../delivery/delivery-error';
import type { EncodedMail, Mailer, SentMail } from './mailer.port';

/** nodemailer's error fields that say what went wrong. */
interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * A refusal the server means for good (5xx: no such mailbox, message rejected) is permanent;
 * everything else (no connection, a timeout, 4xx: try later) is transient. A failed login is
 * treated as transient too, although its code is 535: it is our configuration, not the message,
 * and once the credentials are fixed the waiting messages should go.
 */
export function classifySmtpFailure(error: unknown): DeliveryError {
  const failure = (error ?? {}) as SmtpFailure;
  const status = failure.responseCode;
  const reason = failure.response ?? failure.message ?? String(error);
  if (status !== undefined && status >= 500 && status < 600 && failure.code !== 'EAUTH') {
    return new DeliveryError('permanent', `SMTP ${status}: ${reason}`, { cause: error });
  }
  const what = status !== undefined ? `SMTP ${status}` : (failure.code ?? 'SMTP error');
  return new DeliveryError('transient', `${what}: ${reason}`, { cause: error });
}

/**
 * SMTP through nodemailer, over a small pool of connections (a report burst reuses them instead
 * of a handshake per message). `smtps://` is TLS from the start; `smtp://` upgrades with STARTTLS
 * when the server offers it.
 */
export function smtpMailer(options: { url: string; maxConnections?: number }): Mailer {
  const url = new URL(options.url);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: options.maxConnections ?? 5,
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    describe: `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    async send(mail: EncodedMail): Promise<SentMail> {
      try {
        // The message is already encoded: nodemailer sends its bytes as they are.
        const info = await transport.sendMail({ envelope: mail.envelope, raw: mail.raw });
        return { providerMessageId: info.response ?? info.messageId };
      } catch (error) {
        throw classifySmtpFailure(error);
      }
    },
    async close() {
      transport.close();
    },
  };
}
