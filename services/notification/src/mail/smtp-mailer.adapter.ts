import nodemailer from 'nodemailer';
import { DeliveryError } from '../delivery/delivery-error';
import type { EncodedMail, Mailer, SentMail } from './mailer.port';

/** nodemailer's error fields that say what went wrong. */
interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
  /** Which of nodemailer's timeouts ran out (with code ETIMEDOUT). */
  timeoutType?: string;
}

/**
 * A refusal the server means for good (5xx: no such mailbox, message rejected) is permanent;
 * everything else (no connection, a timeout, 4xx: try later) is transient. A failed login is
 * treated as transient too, although its code is 535: it is our configuration, not the message,
 * and once the credentials are fixed the waiting messages should go. A server that went silent
 * on an open connection may have been silent after the message's data, the one point where a
 * timeout cannot say whether the message was taken: that failure says it may have been.
 */
export function classifySmtpFailure(error: unknown): DeliveryError {
  const failure = (error ?? {}) as SmtpFailure;
  const status = failure.responseCode;
  const reason = failure.response ?? failure.message ?? String(error);
  if (status !== undefined && status >= 500 && status < 600 && failure.code !== 'EAUTH') {
    return new DeliveryError('permanent', `SMTP ${status}: ${reason}`, { cause: error });
  }
  if (failure.code === 'ETIMEDOUT' && failure.timeoutType === 'SOCKET_TIMEOUT') {
    return new DeliveryError(
      'transient',
      'SMTP timeout: the server stopped answering; it may have accepted the message',
      { cause: error, mayHaveBeenAccepted: true },
    );
  }
  const what = status !== undefined ? `SMTP ${status}` : (failure.code ?? 'SMTP error');
  return new DeliveryError('transient', `${what}: ${reason}`, { cause: error });
}

export interface SmtpTimeouts {
  /** To open the connection (nothing is sent yet: a timeout is retried at the usual backoff). */
  connectionMs: number;
  /** For the server's greeting, which a busy server or a postscreen may hold back for seconds. */
  greetingMs: number;
  /** Of silence on an open connection, among others while the server takes in a message. */
  socketMs: number;
}

/**
 * The socket timeout is RFC 5321's for the answer to a message's data (4.5.3.2.6, 10 minutes,
 * also nodemailer's default): a server may scan or store the message before it answers, and a
 * client that stops waiting sooner leaves a message the server has most likely kept, which a
 * retry would send again. Waiting costs one of the pool's connections, not the other sends.
 */
export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 30_000,
  socketMs: 10 * 60_000,
};

/**
 * SMTP through nodemailer, over a small pool of connections (a report burst reuses them instead
 * of a handshake per message). `smtps://` is TLS from the start; `smtp://` upgrades with STARTTLS
 * when the server offers it.
 */
export function smtpMailer(options: {
  url: string;
  maxConnections?: number;
  timeouts?: Partial<SmtpTimeouts>;
}): Mailer {
  const timeouts = { ...SMTP_TIMEOUTS, ...options.timeouts };
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
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
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
