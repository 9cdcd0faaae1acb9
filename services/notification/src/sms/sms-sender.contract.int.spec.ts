import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFiles } from '../testing/outbox-files';
import { startVonageTestServer, type VonageTestServer } from '../testing/vonage-test-server';
import { outboxSms } from './outbox-sms.adapter';
import { internationalNumber, type SmsSender } from './sms-sender.port';
import { vonageSms } from './vonage-sms.adapter';

interface Delivered {
  to: string;
  text: string;
  from: string;
}

interface SmsTarget {
  name: string;
  open(): Promise<{ sender: SmsSender; delivered(): Promise<Delivered[]>; close(): Promise<void> }>;
}

const targets: SmsTarget[] = [
  {
    name: 'the outbox folder',
    async open() {
      const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
      return {
        sender: outboxSms({ dir, from: 'RiskProfile' }),
        delivered: () =>
          outboxFiles(dir, '.sms.json', (content) => JSON.parse(content.toString('utf8')) as Delivered),
        close: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'Vonage (the real SDK against a local HTTP server)',
    async open() {
      const server = await startVonageTestServer();
      return {
        sender: vonageSms({ apiKey: 'key', apiSecret: 'secret', from: 'RiskProfile', restHost: server.url }),
        delivered: async () =>
          server.requests
            .filter((r) => r.path.startsWith('/sms/json'))
            .map((r) => ({ to: r.params.to!, text: r.params.text!, from: r.params.from! })),
        close: () => server.stop(),
      };
    },
  },
];

describe.each(targets)('the SmsSender contract on $name', (target) => {
  let opened: Awaited<ReturnType<SmsTarget['open']>>;
  beforeAll(async () => {
    opened = await target.open();
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('sends the text to the number in international form, from the configured sender', async () => {
    const result = await opened.sender.send({
      to: '0412 345 678',
      text: 'Hi Jane, your Risk Profile is Balanced.',
      reference: 'd-1',
    });
    expect(result.providerMessageId).not.toBe('');
    expect(await opened.delivered()).toContainEqual(
      expect.objectContaining({
        to: '61412345678',
        text: 'Hi Jane, your Risk Profile is Balanced.',
        from: 'RiskProfile',
      }),
    );
  });

  it('sends each of several messages once', async () => {
    await Promise.all(
      ['0400 000 001', '0400 000 002', '0400 000 003'].map((to, i) =>
        opened.sender.send({ to, text: `m${i}`, reference: `r${i}` }),
      ),
    );
    const delivered = await opened.delivered();
    for (const to of ['61400000001', '61400000002', '61400000003']) {
      expect(delivered.filter((d) => d.to === to)).toHaveLength(1);
    }
  });
});

describe('Vonage failures', () => {
  let server: VonageTestServer;
  let sender: SmsSender;
  beforeAll(async () => {
    server = await startVonageTestServer();
    sender = vonageSms({ apiKey: 'key', apiSecret: 'secret', from: 'RiskProfile', restHost: server.url });
    server.answer('61400000009', '3', 'Invalid to number');
    server.answer('61400000008', '1', 'Throttled');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reports a rejected number as permanent, with the reason', async () => {
    const error = await sender
      .send({ to: '0400 000 009', text: 'x', reference: 'r' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'permanent' });
    expect((error as Error).message).toMatch(/status 3: Invalid to number/);
  });

  it('reports throttling as transient', async () => {
    const error = await sender
      .send({ to: '0400 000 008', text: 'x', reference: 'r' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'transient' });
  });

  it('reports an unreachable API as transient', async () => {
    const gone = await startVonageTestServer();
    await gone.stop();
    const unreachable = vonageSms({
      apiKey: 'k',
      apiSecret: 's',
      from: 'RiskProfile',
      restHost: gone.url,
      timeoutMs: 2_000,
    });
    const error = await unreachable
      .send({ to: '0412 345 678', text: 'x', reference: 'r' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'transient' });
  });
});

describe('internationalNumber', () => {
  it.each([
    ['0412 345 678', '61412345678'],
    ['+61 412 345 678', '61412345678'],
    ['+44 7700 900123', '447700900123'],
  ])('%s becomes %s', (input, expected) => {
    expect(internationalNumber(input)).toBe(expected);
  });
});
