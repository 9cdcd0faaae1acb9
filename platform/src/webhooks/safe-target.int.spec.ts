import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookTarget, pinnedLookup, type Resolve, type WebhookTarget } from './index';

// The way the delivery is to connect (safe-target.ts): Node's own http client, given the checked
// target's lookup, reaches the checked address whatever DNS says afterwards. Loopback only.

let server: Server;
let port: number;
const received: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.headers);
    res.writeHead(204).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.close();
  await once(server, 'close');
});

function post(target: WebhookTarget): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(target.url, { method: 'POST', lookup: pinnedLookup(target) }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end('{}');
  });
}

describe('a connection made with pinnedLookup', () => {
  it('reaches the checked address, not what DNS answers by then, and names the host', async () => {
    let calls = 0;
    // Asked again, this DNS would answer a documentation address where nothing listens (and the
    // system's would not know receiver.test at all): reaching the receiver proves it was not asked.
    const resolve: Resolve = async () => [{ address: calls++ === 0 ? '127.0.0.1' : '192.0.2.1' }];
    const check = await checkWebhookTarget(`http://receiver.test:${port}/hook`, {
      resolve,
      allowInsecure: true,
    });
    if (!check.ok) throw new Error(check.message);

    expect(await post(check.target)).toBe(204);
    expect(await post(check.target)).toBe(204);
    expect(calls).toBe(1);
    expect(received.at(-1)?.host).toBe(`receiver.test:${port}`);
  });

  it('fails rather than connect to a name that was not checked', async () => {
    const resolve: Resolve = async () => [{ address: '127.0.0.1' }];
    const check = await checkWebhookTarget(`http://receiver.test:${port}/hook`, {
      resolve,
      allowInsecure: true,
    });
    if (!check.ok) throw new Error(check.message);
    const elsewhere = { ...check.target, url: new URL(`http://other.test:${port}/hook`) };
    await expect(post(elsewhere)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('the system resolver', () => {
  it('refuses localhost, which /etc/hosts makes loopback', async () => {
    expect(await checkWebhookTarget(`https://localhost:${port}/`)).toMatchObject({
      ok: false,
      refusal: 'blocked-address',
    });
  });
});
