import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: ParsedMail;
  /**
   * When its data ended: from then on the server has the message whole, whatever happens to the
   * client (the reply follows once it is parsed, which on a busy machine takes a while).
   */
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
  /**
   * Holds the final reply to messages for this address (the answer to their data) for `ms`, or
   * until the returned function is called, which also answers the ones held so far; 0 answers at
   * once again. A held message counts as received when its data ends, as with a server that has
   * queued it and is slow to say so: a client that stops waiting still leaves it delivered.
   */
  delayReply(address: string, ms?: number): () => void;
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
  const replyDelays = new Map<string, number>();
  const heldReplies = new Map<string, Set<() => void>>();
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
        const receivedAt = Date.now();
        const raw = Buffer.concat(chunks);
        try {
          const mail: ReceivedMail = {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            raw,
            parsed: await simpleParser(raw),
            receivedAt,
            queueId: randomBytes(6).toString('hex').toUpperCase(),
          };
          received.push(mail);
          options.onMessage?.(mail);
          const address = mail.envelope.to[0]?.toLowerCase() ?? '';
          const delay = replyDelays.get(address) ?? 0;
          if (delay === 0) return callback(null, `Ok: queued as ${mail.queueId}`);
          const held = heldReplies.get(address) ?? new Set();
          heldReplies.set(address, held);
          const reply = () => {
            clearTimeout(timer);
            if (held.delete(reply)) callback(null, `Ok: queued as ${mail.queueId}`);
          };
          const timer = Number.isFinite(delay) ? setTimeout(reply, delay) : undefined;
          held.add(reply);
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client killed mid-conversation (a crash test's SIGKILL) resets its connection: that ends
  // the one session, not the server, and must not surface as the test process's uncaught error.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refuse(address, code, message = code >= 500 ? 'No such user here' : 'Mailbox busy, try later') {
      refusals.set(address.toLowerCase(), { code, message });
    },
    delayReply(address, ms = Number.POSITIVE_INFINITY) {
      const key = address.toLowerCase();
      replyDelays.set(key, ms);
      return () => {
        for (const reply of [...(heldReplies.get(key) ?? [])]) reply();
      };
    },
    stop: () => {
      for (const held of heldReplies.values()) for (const reply of [...held]) reply();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
