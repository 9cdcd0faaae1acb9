import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: ParsedMail;
  receivedAt: number;
  /** The id this server gave the message, in its reply ("250 Ok: queued as <queueId>"), as Postfix does. */
  queueId: string;
}

export interface SmtpTestServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Answer RCPT TO for this address with a code: 550 (permanent) or 451 (try later); 0 accepts again. */
  refuse(address: string, code: number, message?: string): void;
  stop(): Promise<void>;
}

/**
 * A real SMTP server in this process (the `smtp-server` package): nodemailer talks the whole
 * SMTP conversation to it, and each accepted message is parsed with mailparser for assertions.
 */
export async function startSmtpTestServer(
  options: { port?: number; onMessage?: (mail: ReceivedMail) => void } = {},
): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, { code: number; message: string }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    size: 25 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (!refusal || refusal.code === 0) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks);
        try {
          const mail: ReceivedMail = {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            raw,
            parsed: await simpleParser(raw),
            receivedAt: Date.now(),
            queueId: randomBytes(6).toString('hex').toUpperCase(),
          };
          received.push(mail);
          options.onMessage?.(mail);
          callback(null, `Ok: queued as ${mail.queueId}`);
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refuse(address, code, message = code >= 500 ? 'No such user here' : 'Mailbox busy, try later') {
      refusals.set(address.toLowerCase(), { code, message });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
