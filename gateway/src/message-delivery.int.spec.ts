import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { internalMessageDeliveryPath, type MessageDelivery } from '@risk-profile/contracts';
import { createNotificationService, notificationConfigSchema } from '@risk-profile/notification';
import {
  createLogger,
  PgliteSqlClient,
  type Running,
  type SqlClient,
  serve,
  silentLogger,
} from '@risk-profile/platform';
import { type ServiceUnderTest, startServiceUnderTest } from '@risk-profile/platform/testing';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from './gateway-app';
import { DELIVERY_RETRY_MS, DELIVERY_TTL_MS, remoteMessageDelivery } from './message-delivery';
import { servicePools } from './upstreams';

const dist = mkdtempSync(join(tmpdir(), 'delivery-int-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><script id="app-config" type="application/json">{}</script>',
);

/** GETs a path of the service at `origin`, as the gateway's pool does. */
const getFrom = (origin: string) => (path: string) =>
  fetch(new URL(path, origin), { signal: AbortSignal.timeout(2_000) });

/** The app-config the page carries. */
async function appConfigAt(url: string): Promise<{ delivery?: MessageDelivery }> {
  const html = await (await fetch(url)).text();
  return JSON.parse(/<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
}

/** A distributed gateway whose notification service is at `notificationUrl`. */
function distributedGateway(notificationUrl: string, lines: string[] = []): Promise<Running> {
  const logger = createLogger('gateway', 'info', { write: (line: string) => void lines.push(line) });
  const app = createGatewayApp({
    upstreams: {
      kind: 'proxy',
      pools: servicePools({
        assessment: [notificationUrl],
        adviser: [notificationUrl],
        notification: [notificationUrl],
        analytics: [notificationUrl],
      }),
    },
    logger,
    publicUrl: 'http://localhost',
    publicConfig: { contactEmail: 'help@example.org', demoMode: false },
    frontendDist: dist,
    bodyLimit: '100kb',
    rateLimitPerMinute: 0,
    trustProxy: false,
    messageDelivery: remoteMessageDelivery(getFrom(notificationUrl), logger),
  });
  return serve(app, { port: 0, host: '127.0.0.1', logger: silentLogger() });
}

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("the distributed gateway's pages say where the notification service sends messages", () => {
  let sql: SqlClient;
  let dataDir: string;
  const services: ServiceUnderTest[] = [];
  const gateways: Running[] = [];

  /** A notification service with this configuration (its sender not started: nothing is sent). */
  async function notification(env: Record<string, string>): Promise<ServiceUnderTest> {
    const config = notificationConfigSchema.parse({ DATA_DIR: dataDir, ...env });
    const service = await startServiceUnderTest(sql, (deps) => createNotificationService(deps, config));
    services.push(service);
    return service;
  }
  async function gatewayFor(service: ServiceUnderTest): Promise<string> {
    const gateway = await distributedGateway(service.url);
    gateways.push(gateway);
    return `http://127.0.0.1:${gateway.port}`;
  }

  beforeAll(async () => {
    sql = await PgliteSqlClient.open();
    dataDir = mkdtempSync(join(tmpdir(), 'delivery-notification-'));
  });
  afterAll(async () => {
    for (const gateway of gateways) await gateway.stop();
    for (const service of services) await service.stop();
    await sql?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says the mail server and Vonage when the notification service sends through them', async () => {
    const service = await notification({
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525',
      SMS_TRANSPORT: 'vonage',
      VONAGE_API_KEY: 'key',
      VONAGE_API_SECRET: 'secret',
      VONAGE_FROM: 'RiskProfile',
    });
    const gateway = await gatewayFor(service);
    expect((await appConfigAt(`${gateway}/`)).delivery).toEqual({ email: 'smtp', sms: 'vonage' });
    // The answer carries no credentials.
    expect(await (await fetch(`${service.url}${internalMessageDeliveryPath}`)).text()).not.toContain(
      'secret',
    );
  });

  it('says messages are saved when the notification service saves them, and never where', async () => {
    const service = await notification({
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'outbox',
      SMS_TRANSPORT: 'outbox',
    });
    const gateway = await gatewayFor(service);
    expect((await appConfigAt(`${gateway}/privacy`)).delivery).toEqual({ email: 'outbox', sms: 'outbox' });
    // No page, and not the internal answer either, names a folder on the server.
    expect(await (await fetch(`${gateway}/`)).text()).not.toContain(dataDir);
    expect(await (await fetch(`${service.url}${internalMessageDeliveryPath}`)).text()).not.toContain(dataDir);
  });

  it('never routes the internal question to a client', async () => {
    const service = await notification({});
    const gateway = await gatewayFor(service);
    const res = await fetch(`${gateway}${internalMessageDeliveryPath}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('remoteMessageDelivery', () => {
  let origin: Running;
  let url: string;
  let answer: { status: number; body: unknown };
  let asked = 0;
  let clock = 0;
  const lines: string[] = [];
  const logger = createLogger('gateway', 'info', { write: (line: string) => void lines.push(line) });

  beforeAll(async () => {
    const app = express();
    app.get(internalMessageDeliveryPath, (_req, res) => {
      asked += 1;
      res.status(answer.status).json(answer.body);
    });
    origin = await serve(app, { port: 0, host: '127.0.0.1', logger: silentLogger() });
    url = `http://127.0.0.1:${origin.port}`;
  });
  afterAll(() => origin?.stop());

  const SENT: MessageDelivery = { email: 'smtp', sms: 'vonage' };
  const SAVED: MessageDelivery = { email: 'outbox', sms: 'outbox' };

  it('gives nothing until the service answers, asks again only after a pause, then remembers', async () => {
    answer = { status: 503, body: { error: 'not ready' } };
    asked = 0;
    clock = 0;
    const delivery = remoteMessageDelivery(getFrom(url), logger, () => clock);
    expect(await delivery()).toBeUndefined();
    expect(await delivery()).toBeUndefined();
    expect(asked).toBe(1);
    expect(lines.join('\n')).toContain('has not said where messages go yet');

    answer = { status: 200, body: SENT };
    clock += DELIVERY_RETRY_MS;
    expect(await delivery()).toEqual(SENT);
    expect(await delivery()).toEqual(SENT);
    expect(asked).toBe(2);
  });

  it('serves the known answer while it asks again in the background once it is old', async () => {
    answer = { status: 200, body: SENT };
    asked = 0;
    clock = 0;
    const delivery = remoteMessageDelivery(getFrom(url), logger, () => clock);
    expect(await delivery()).toEqual(SENT);

    // An older notification service also named its outbox folder: the pages never get it.
    answer = { status: 200, body: { ...SAVED, outboxDir: '/var/lib/risk-profile/outbox' } };
    clock += DELIVERY_TTL_MS;
    // The old answer at once; the new one as soon as the background question returns.
    expect(await delivery()).toEqual(SENT);
    await expect.poll(() => asked).toBe(2);
    await expect.poll(delivery).toEqual(SAVED);
  });

  it('keeps the last answer while the service cannot be asked, and refuses an answer of the wrong shape', async () => {
    answer = { status: 200, body: SENT };
    asked = 0;
    clock = 0;
    const delivery = remoteMessageDelivery(getFrom(url), logger, () => clock);
    expect(await delivery()).toEqual(SENT);
    answer = { status: 200, body: { email: 'carrier-pigeon', sms: 'vonage' } };
    clock += DELIVERY_TTL_MS;
    await delivery();
    await expect.poll(() => asked).toBe(2);
    expect(await delivery()).toEqual(SENT);
    expect(lines.join('\n')).toContain('the last answer stands');
  });
});
