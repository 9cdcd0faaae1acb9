import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The exact bytes received, as a receiver verifies them. */
  body: string;
}

/** How the receiver answers one request: a status, or `hang` (never answers, as a stalled receiver). */
export type ReceiverAnswer = number | 'hang';

export interface WebhookReceiver {
  /** http://127.0.0.1:port/hooks (WEBHOOK_ALLOW_INSECURE_TARGETS lets a test deliver there). */
  url: string;
  received: ReceivedWebhook[];
  /** Answers the next requests with these, in turn; then 200. */
  answerNext(...answers: ReceiverAnswer[]): void;
  /** The requests received carrying this webhook-id. */
  withId(id: string): ReceivedWebhook[];
  /** Answers the oldest request left hanging, at last, with `status`. */
  release(status: number): void;
  stop(): Promise<void>;
}

/** A receiver of webhooks on a local port, recording every request (tests and the benchmark). */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers: ReceiverAnswer[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerNext: (...next) => answers.push(...next),
    withId: (id) => received.filter((r) => r.headers['webhook-id'] === id),
    release: (status) => {
      const res = hanging.shift();
      if (!res) throw new Error('no request is hanging');
      res.writeHead(status, { 'content-type': 'text/plain' }).end('late');
    },
    stop: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
