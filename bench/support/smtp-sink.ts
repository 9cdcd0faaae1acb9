import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const CLIENT = /^client(\d+)@example\.com$/;
const REPLY_TO_CLIENT = /^reply-to:[^\r\n]*client(\d+)@example\.com/im;

/** Accepted messages: when each client's adviser report and copy arrived (Date.now()). */
export interface Arrivals {
  adviserReport: Map<number, number>;
  clientCopy: Map<number, number>;
  /** Every message accepted, counted once per message. */
  messages: number;
  bytes: number;
}

export const newArrivals = (): Arrivals => ({
  adviserReport: new Map(),
  clientCopy: new Map(),
  messages: 0,
  bytes: 0,
});

/**
 * A real SMTP server in this process (the `smtp-server` package) that only notes what arrived for
 * whom, by the benchmark clients' addresses (client{n}@example.com; the adviser's report names
 * the client in its Reply-To): no parsing, so the load generator keeps its share of the core.
 */
export async function startSmtpSink(arrivals: Arrivals): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    size: 25 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const at = Date.now();
        const raw = Buffer.concat(chunks);
        arrivals.messages += 1;
        arrivals.bytes += raw.length;
        const headers = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('latin1');
        for (const { address } of session.envelope.rcptTo) {
          const client = CLIENT.exec(address);
          if (client) arrivals.clientCopy.set(Number(client[1]), at);
          else {
            const replyTo = REPLY_TO_CLIENT.exec(headers);
            if (replyTo) arrivals.adviserReport.set(Number(replyTo[1]), at);
          }
        }
        callback();
      });
    },
  });
  // A sender stopped mid-conversation resets its connection: that ends one session, not the sink.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
