import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from '../delivery/delivery-error';
import { outboxFiles } from '../testing/outbox-files';
import { type SmtpTestServer, startSmtpTestServer } from '../testing/smtp-test-server';
import { encodeMail } from './encode-mail';
import type { EncodedMail, Mailer, MailMessage } from './mailer.port';
import { outboxMailer } from './outbox-mailer.adapter';
import { smtpMailer } from './smtp-mailer.adapter';

const FROM = 'Risk Profile <reports@risk-profile.test>';

interface MailerTarget {
  name: string;
  open(): Promise<{ mailer: Mailer; received(): Promise<ParsedMail[]>; close(): Promise<void> }>;
}

const targets: MailerTarget[] = [
  {
    name: 'the outbox folder',
    async open() {
      const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
      const mailer = outboxMailer({ dir });
      return {
        mailer,
        received: () => outboxFiles(dir, '.eml', (content) => simpleParser(content)),
        close: async () => {
          await mailer.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'SMTP (nodemailer to an in-process SMTP server)',
    async open() {
      const server = await startSmtpTestServer();
      const mailer = smtpMailer({ url: server.url });
      return {
        mailer,
        received: async () => server.received.map((mail) => mail.parsed),
        close: async () => {
          await mailer.close();
          await server.stop();
        },
      };
    },
  },
];

const content = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  from: FROM,
  to: 'adviser@example.com',
  replyTo: 'zoë@example.com',
  subject: 'Risk Profile report: Zoë Citizen – Balanced',
  html: '<p>Hello <strong>Alex</strong></p>',
  text: 'Hello Alex',
  attachments: [
    { filename: 'report.pdf', content: Buffer.from('%PDF-1.3 test'), contentType: 'application/pdf' },
  ],
  messageId: `<${crypto.randomUUID()}@risk-profile.notification>`,
  ...overrides,
});
/** Messages reach the port encoded, as the composer hands them over. */
const message = (overrides: Partial<MailMessage> = {}): Promise<EncodedMail> =>
  encodeMail(content(overrides));

describe.each(targets)('the Mailer contract on $name', (target) => {
  let opened: Awaited<ReturnType<MailerTarget['open']>>;
  beforeAll(async () => {
    opened = await target.open();
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('delivers the message whole: addresses, subject, both parts, the PDF and the Message-ID', async () => {
    const sent = await message();
    const result = await opened.mailer.send(sent);
    expect(result.providerMessageId).not.toBe('');
    const [mail] = (await opened.received()).filter((m) => m.messageId === sent.messageId);
    expect(mail).toBeDefined();
    expect(mail!.from?.value).toEqual([{ name: 'Risk Profile', address: 'reports@risk-profile.test' }]);
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.text : '').toBe('adviser@example.com');
    expect(mail!.replyTo?.text).toBe('zoë@example.com');
    expect(mail!.subject).toBe(content().subject);
    expect(mail!.html).toContain('<strong>Alex</strong>');
    expect(mail!.text?.trim()).toBe('Hello Alex');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({ filename: 'report.pdf', contentType: 'application/pdf' });
    expect(mail!.attachments[0]!.content.toString()).toBe('%PDF-1.3 test');
  });

  it('delivers each of many concurrent messages exactly once', async () => {
    const batch = await Promise.all(
      Array.from({ length: 12 }, (_, i) => message({ subject: `Message ${i}` })),
    );
    await Promise.all(batch.map((m) => opened.mailer.send(m)));
    const received = await opened.received();
    for (const m of batch) expect(received.filter((r) => r.messageId === m.messageId)).toHaveLength(1);
  });
});

describe('SMTP failures', () => {
  let server: SmtpTestServer;
  let mailer: Mailer;
  beforeAll(async () => {
    server = await startSmtpTestServer();
    mailer = smtpMailer({ url: server.url });
    server.refuse('gone@example.com', 550, 'No such user');
    server.refuse('busy@example.com', 451, 'Try again later');
  });
  afterAll(async () => {
    await mailer?.close();
    await server?.stop();
  });

  it('reports a 5xx refusal as permanent, with the reason', async () => {
    const error = await mailer.send(await message({ to: 'gone@example.com' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ kind: 'permanent' });
    expect((error as Error).message).toMatch(/550.*No such user/);
  });

  it('reports a 4xx refusal as transient', async () => {
    const error = await mailer.send(await message({ to: 'busy@example.com' })).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'transient' });
    expect((error as Error).message).toMatch(/451/);
  });

  it('reports a server that cannot be reached as transient', async () => {
    const closed = await startSmtpTestServer();
    await closed.stop();
    const unreachable = smtpMailer({ url: closed.url });
    try {
      const error = await unreachable.send(await message()).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'transient', mayHaveBeenAccepted: false });
    } finally {
      await unreachable.close();
    }
  });

  it('reports a reply to the data that does not come in time as transient, the message maybe accepted', async () => {
    const impatient = smtpMailer({ url: server.url, timeouts: { socketMs: 300 } });
    server.delayReply('slow-to-answer@example.com', 1_000);
    try {
      const sent = await message({ to: 'slow-to-answer@example.com' });
      const error = await impatient.send(sent).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeliveryError);
      expect(error).toMatchObject({ kind: 'transient', mayHaveBeenAccepted: true });
      // The server has it: it answers, to nobody, once its delay is over.
      expect(server.received.filter((m) => m.parsed.messageId === sent.messageId)).toHaveLength(1);
    } finally {
      server.delayReply('slow-to-answer@example.com', 0);
      await impatient.close();
    }
  });

  it('reports a server that never greets as transient, the message not sent', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const mailer = smtpMailer({ url: `smtp://127.0.0.1:${port}`, timeouts: { greetingMs: 300 } });
    try {
      const error = await mailer.send(await message()).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'transient', mayHaveBeenAccepted: false });
      expect((error as Error).message).toMatch(/ETIMEDOUT/);
    } finally {
      await mailer.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('outbox failures', () => {
  it('reports a folder that cannot be written as transient', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    const blocked = join(dir, 'not-a-folder');
    await writeFile(blocked, 'a file where the outbox should be');
    const mailer = outboxMailer({ dir: blocked });
    try {
      const error = await mailer.send(await message()).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'transient' });
    } finally {
      await mailer.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
