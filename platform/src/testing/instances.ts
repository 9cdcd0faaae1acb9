import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a test instance was asked, in order. */
export interface Served {
  method: string;
  url: string;
  body: string;
  headers: IncomingMessage['headers'];
}

/**
 * One instance of a service for the tests of failover: it answers GET /readyz (200 while `ready`,
 * else 503) and every other request with `{ instance, method, url, body }`, unless `handle`
 * answers it. `kill()` stops it as a crash would (its connections dropped); `start()` brings it
 * back on the same port.
 */
export interface TestInstance {
  readonly name: string;
  readonly url: string;
  readonly served: Served[];
  ready: boolean;
  kill(): Promise<void>;
  start(): Promise<void>;
}

export async function startTestInstance(
  name: string,
  handle?: (req: IncomingMessage, res: ServerResponse, body: string) => boolean,
): Promise<TestInstance> {
  let server: Server | undefined;
  let port = 0;
  const served: Served[] = [];
  const instance: TestInstance = {
    name,
    url: '',
    served,
    ready: true,
    async kill() {
      const stopping = server;
      server = undefined;
      if (!stopping) return;
      const closed = new Promise<void>((resolve) => stopping.close(() => resolve()));
      stopping.closeAllConnections();
      await closed;
    },
    async start() {
      const listening = createServer(async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks).toString('utf8');
        if (req.url === '/readyz') {
          res.writeHead(instance.ready ? 200 : 503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: instance.ready ? 'ready' : 'not ready' }));
          return;
        }
        served.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers });
        if (handle?.(req, res, body)) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ instance: name, method: req.method, url: req.url, body }));
      });
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
      port = (listening.address() as AddressInfo).port;
      (instance as { url: string }).url = `http://127.0.0.1:${port}`;
      server = listening;
    },
  };
  await instance.start();
  return instance;
}
