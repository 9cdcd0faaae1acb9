import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedSms {
  path: string;
  params: Record<string, string>;
}

export interface VonageTestServer {
  url: string;
  requests: RecordedSms[];
  /** Answer messages to this number (international form) with a Vonage status: 3 invalid (permanent), 1 throttled. */
  answer(to: string, status: string, errorText: string): void;
  stop(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(text || '{}');
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * Stands in for Vonage's SMS API (POST /sms/json) on a local port, so the real SDK's requests
 * can be recorded and answered: success with a message id, or a status of the caller's choice.
 */
export async function startVonageTestServer(): Promise<VonageTestServer> {
  const requests: RecordedSms[] = [];
  const answers = new Map<string, { status: string; errorText: string }>();
  let counter = 0;
  const server = createServer(async (req, res) => {
    const params = await bodyOf(req);
    requests.push({ path: req.url ?? '', params });
    const to = String(params.to ?? '');
    const answer = answers.get(to);
    const message = answer
      ? { to, status: answer.status, 'error-text': answer.errorText }
      : {
          to,
          'message-id': `vonage-${++counter}`,
          status: '0',
          'remaining-balance': '10.00',
          'message-price': '0.05',
          network: '50501',
        };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ 'message-count': '1', messages: [message] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer(to, status, errorText) {
      answers.set(to, { status, errorText });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
