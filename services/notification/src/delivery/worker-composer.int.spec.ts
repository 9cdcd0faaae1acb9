import { pathToFileURL } from 'node:url';
import { silentLogger } from '@risk-profile/platform';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planConfirmationRequests, planHouseholdReports } from '../households/plan-household-deliveries';
import { linkRequested, signedAssessment } from '../testing/fixtures';
import { householdAgreed, householdConfirmed, householdMember } from '../testing/household-fixtures';
import { bundleReportComposer } from '../testing/report-composer-bundle';
import { createComposer } from './compose';
import type { Delivery, NewDelivery } from './deliveries';
import { DeliveryError } from './delivery-error';
import { planLinkDeliveries, planSignedDeliveries } from './plan-deliveries';
import type { ComposedMessage } from './sender';
import { reportComposerBeside, type WorkerComposer, workerComposer } from './worker-composer';

const options = { timeZone: 'Australia/Sydney', from: 'Risk Profile <reports@risk-profile.test>' };
const logger = silentLogger();

/** Planned deliveries as the sender claims them from the database. */
function due(planned: ReturnType<typeof planSignedDeliveries>): Delivery[] {
  return planned.flatMap((p, i) =>
    p.undeliverable
      ? []
      : [
          {
            ...p.delivery,
            id: `00000000-0000-4000-8000-00000000000${i}`,
            channel: p.delivery.kind.endsWith('sms') ? ('sms' as const) : ('email' as const),
            subject: null,
            status: 'pending' as const,
            attempts: 1,
            nextAttemptAt: new Date(),
            lastError: null,
            providerMessageId: null,
            createdAt: new Date(),
            sentAt: null,
            failedAt: null,
            purgedAt: null,
          },
        ],
  );
}

const planned = (deliveries: readonly NewDelivery[]) =>
  deliveries.map((delivery) => ({ undeliverable: false as const, delivery }));
const HOUSEHOLD = '5d6f0c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
const MEMBERS = [
  householdMember('Jane Citizen', 'jane@example.com'),
  householdMember('John Citizen', null, '0412 000 111'),
];

const fakeWorker = new URL('../testing/fake-composer-worker.mjs', import.meta.url);
const fakeDelivery = (kind: string) =>
  ({ ...due(planSignedDeliveries(signedAssessment()))[0]!, kind }) as Delivery;

/** An email's parts as a reader sees them (the MIME boundaries and Date differ between runs). */
async function read(composed: ComposedMessage): Promise<Record<string, unknown>> {
  if (composed.channel !== 'email') return { sms: composed.text };
  expect(Buffer.isBuffer(composed.mail.raw)).toBe(true);
  const mail: ParsedMail = await simpleParser(composed.mail.raw);
  return {
    envelope: composed.mail.envelope,
    subject: [composed.subject, mail.subject],
    messageId: [composed.mail.messageId, mail.messageId],
    from: mail.from?.text,
    to: mail.to && !Array.isArray(mail.to) ? mail.to.text : mail.to,
    replyTo: mail.replyTo?.text,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString('base64')]),
  };
}

describe('the report composer in a worker thread', () => {
  let bundled: Awaited<ReturnType<typeof bundleReportComposer>>;
  let composer: WorkerComposer;
  beforeAll(async () => {
    bundled = await bundleReportComposer();
    composer = workerComposer({ ...options, script: bundled.script, logger });
  });
  afterAll(async () => {
    await composer?.close();
    bundled?.remove();
  });

  it('composes every kind of message as the event loop does: reports with the PDF, SMS, link emails, household messages', async () => {
    const deliveries = [
      ...due(planSignedDeliveries(signedAssessment({ clientEmail: 'zoë@example.com' }))),
      ...due(planSignedDeliveries(signedAssessment({ clientEmail: null, clientPhone: '0412 345 678' }))),
      ...due(planLinkDeliveries(linkRequested({ method: 'email' }))),
      ...due(planLinkDeliveries(linkRequested({ method: 'sms' }))),
      ...due(planned(planConfirmationRequests(householdAgreed(HOUSEHOLD, MEMBERS), new Set()))),
      ...due(planned(planHouseholdReports('household-event', householdConfirmed(HOUSEHOLD, MEMBERS).data))),
    ];
    expect(new Set(deliveries.map((d) => d.kind))).toEqual(
      new Set([
        'adviser-report',
        'client-report',
        'client-sms',
        'link-email',
        'link-sms',
        'household-confirm-email',
        'household-confirm-sms',
        'household-report',
      ]),
    );
    const inThread = createComposer(options);
    for (const delivery of deliveries) {
      const [fromWorker, fromLoop] = await Promise.all([composer.compose(delivery), inThread(delivery)]);
      expect(await read(fromWorker)).toEqual(await read(fromLoop));
    }
    const report = await composer.compose(deliveries[0]!);
    const parsed = await simpleParser(report.channel === 'email' ? report.mail.raw : '');
    expect(parsed.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('fails a message that cannot be rendered, as on the event loop, and goes on with the next', async () => {
    const [report] = due(planSignedDeliveries(signedAssessment()));
    const broken = { ...report!, content: { not: 'an assessment' } };
    const error = await composer.compose(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(DeliveryError); // the sender records it as permanent
    expect((await composer.compose(report!)).channel).toBe('email');
  });

  it('composes many messages at once, each answered with its own', async () => {
    const deliveries = Array.from({ length: 20 }, (_, i) =>
      // Each signed a minute apart: the adviser's subject names the signing time.
      due(
        planSignedDeliveries(
          signedAssessment({
            clientName: `Client ${i}`,
            signedAt: `2026-11-22T04:${String(i).padStart(2, '0')}:00.000Z`,
          }),
        ),
      ),
    ).flat();
    const composed = await Promise.all(deliveries.map((d) => composer.compose(d)));
    const inThread = createComposer(options);
    for (const [i, c] of composed.entries()) {
      const expected = await inThread(deliveries[i]!);
      expect(c.channel === 'email' && c.mail.envelope.to).toBe(deliveries[i]!.recipient);
      expect(c.channel === 'email' && c.subject).toBe(expected.channel === 'email' && expected.subject);
    }
    expect(composed.some((c) => c.channel === 'email' && c.subject.includes('3:19 pm'))).toBe(true);
  });
});

/** A composer on the fake worker, with `extra` options, closed after `use`. */
async function withFakeWorker(
  extra: Partial<Parameters<typeof workerComposer>[0]>,
  use: (composer: WorkerComposer) => Promise<void>,
): Promise<void> {
  const composer = workerComposer({ ...options, script: fakeWorker, logger, ...extra });
  try {
    await use(composer);
  } finally {
    await composer.close();
  }
}

describe('the worker composer when its worker stops', () => {
  it('fails the requests a dead worker held as transient, and starts a new worker for the next', async () => {
    await withFakeWorker({}, async (composer) => {
      const first = await composer.compose(fakeDelivery('client-sms'));
      const [dying, waiting] = await Promise.all([
        composer.compose(fakeDelivery('exit')).catch((e: unknown) => e),
        composer.compose(fakeDelivery('hang')).catch((e: unknown) => e),
      ]);
      for (const error of [dying, waiting]) {
        expect(error).toBeInstanceOf(DeliveryError);
        expect(error).toMatchObject({ kind: 'transient' });
        expect((error as Error).message).toMatch(/exit code 3/);
      }
      const next = await composer.compose(fakeDelivery('client-sms'));
      expect(next).toMatchObject({ channel: 'sms' });
      expect(next).not.toEqual(first); // another thread
    });
  });

  it('stops a worker that stops answering, fails what it held as transient, and goes on with a new one', async () => {
    await withFakeWorker({ replyWithinMs: 300 }, async (composer) => {
      const first = await composer.compose(fakeDelivery('client-sms'));
      // Slow answers within the deadline are waited for.
      expect(await composer.compose(fakeDelivery('slow'))).toEqual(first);
      const started = Date.now();
      const [stuck, behind] = await Promise.all([
        composer.compose(fakeDelivery('spin')).catch((e: unknown) => e),
        composer.compose(fakeDelivery('client-sms')).catch((e: unknown) => e),
      ]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      for (const error of [stuck, behind]) {
        expect(error).toBeInstanceOf(DeliveryError);
        expect(error).toMatchObject({ kind: 'transient' });
        expect((error as Error).message).toMatch(/did not answer within 300 ms/);
      }
      // Asked at once, while the stuck worker is still being stopped: its end fails only its own.
      const next = await composer.compose(fakeDelivery('slow'));
      expect(next).toMatchObject({ channel: 'sms' });
      expect(next).not.toEqual(first);
    });
  });

  it('stops an idle worker and starts another with the next request', async () => {
    await withFakeWorker({ idleMs: 20 }, async (composer) => {
      const first = await composer.compose(fakeDelivery('client-sms'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const second = await composer.compose(fakeDelivery('client-sms'));
      expect(second).not.toEqual(first);
      const third = await composer.compose(fakeDelivery('client-sms'));
      expect(third).toEqual(second); // busy: the same worker
    });
  });

  it('on close, fails what waits as transient and takes no more requests', async () => {
    const composer = workerComposer({ ...options, script: fakeWorker, logger });
    const waiting = composer.compose(fakeDelivery('hang')).catch((e: unknown) => e);
    await composer.close();
    expect(await waiting).toMatchObject({ kind: 'transient' });
    expect(await composer.compose(fakeDelivery('client-sms')).catch((e: unknown) => e)).toMatchObject({
      kind: 'transient',
    });
  });

  it('refuses a worker entry that does not exist, and finds the bundle only where it was built', () => {
    expect(() =>
      workerComposer({ ...options, script: new URL('file:///nowhere/report-composer.mjs'), logger }),
    ).toThrow(/worker entry is missing/);
    expect(reportComposerBeside(import.meta.url)).toBeUndefined();
    expect(reportComposerBeside(pathToFileURL('/nowhere/entry.mjs').href)).toBeUndefined();
  });
});

describe('the composer', () => {
  const linkMail = async (link: ReturnType<typeof linkRequested>) => {
    const [delivery] = due(planLinkDeliveries(link));
    const composed = await createComposer(options)(delivery!);
    if (composed.channel !== 'email') throw new Error('not an email');
    return {
      envelope: composed.mail.envelope,
      raw: composed.mail.raw,
      parsed: await simpleParser(composed.mail.raw),
    };
  };

  it("sends a link email in the adviser's name, from MAIL_FROM's address, with replies to the adviser", async () => {
    const mail = await linkMail(linkRequested({ method: 'email' }));
    expect(mail.parsed.from?.value).toEqual([
      { name: 'Alex Morgan via Risk Profile', address: 'reports@risk-profile.test' },
    ]);
    expect(mail.parsed.replyTo?.value).toEqual([{ name: 'Alex Morgan', address: 'adviser@example.com' }]);
    expect(mail.envelope.from).toBe('reports@risk-profile.test');
  });

  it('sends a link request recorded before it carried the adviser email without a Reply-To', async () => {
    const mail = await linkMail(linkRequested({ method: 'email', adviserEmail: undefined }));
    expect(mail.parsed.from?.value[0]?.name).toBe('Alex Morgan via Risk Profile');
    expect(mail.parsed.replyTo).toBeUndefined();
  });

  it("keeps an adviser's name from adding a header", async () => {
    const mail = await linkMail(
      linkRequested({ method: 'email', adviserName: 'Alex\r\nBcc: thief@evil.example\r\nX-Evil: "1" <a@b>' }),
    );
    const headers = mail.raw.toString('latin1').split('\r\n\r\n')[0]!;
    expect(headers).not.toMatch(/^(Bcc|X-Evil):/im);
    expect(mail.parsed.bcc).toBeUndefined();
    expect(mail.parsed.from?.value).toEqual([
      {
        name: 'Alex Bcc: thief@evil.example X-Evil: "1" <a@b> via Risk Profile',
        address: 'reports@risk-profile.test',
      },
    ]);
    expect(mail.parsed.replyTo?.value).toEqual([
      { name: 'Alex Bcc: thief@evil.example X-Evil: "1" <a@b>', address: 'adviser@example.com' },
    ]);
  });

  it("dates a link email's expiry in the configured time zone (REPORT_TIME_ZONE)", async () => {
    const [link] = due(planLinkDeliveries(linkRequested({ method: 'email' })));
    const text = async (timeZone: string) => {
      const composed = await createComposer({ ...options, timeZone })(link!);
      return (await simpleParser(composed.channel === 'email' ? composed.mail.raw : '')).text ?? '';
    };
    const [sydney, perth] = [await text('Australia/Sydney'), await text('Australia/Perth')];
    expect(sydney).toMatch(/works until .*AEDT/);
    expect(perth).toMatch(/works until .*AWST/);
  });
});
