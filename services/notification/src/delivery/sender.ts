import {
  type LeaseStore,
  type Logger,
  type RoundOutcome,
  type SqlClient,
  startLeasedWorker,
} from '@risk-profile/platform';
import type { EncodedMail, Mailer } from '../mail/mailer.port';
import type { SmsSender } from '../sms/sms-sender.port';
import {
  claimDue,
  type Delivery,
  markFailed,
  markRetry,
  markSent,
  purgeContent,
  type SentRecord,
} from './deliveries';
import { DeliveryError } from './delivery-error';
import { RenderBudget } from './render-budget';
import { memorySentJournal, type SentJournal } from './sent-journal';

/** A message ready for its transport, rendered from a delivery's content (emails encoded). */
export type ComposedMessage =
  | { channel: 'email'; subject: string; mail: EncodedMail }
  | { channel: 'sms'; text: string };

export type Composer = (delivery: Delivery) => Promise<ComposedMessage>;

/** Content is kept this long after a message was sent or failed, then set to null. */
export const PURGE_AFTER_MS = 60 * 60_000;

/** Waits before attempt 2, 3, …: quick at first, then spread over about a day. */
export const DEFAULT_RETRY_DELAYS_MS = [
  10_000,
  60_000,
  5 * 60_000,
  15 * 60_000,
  60 * 60_000,
  3 * 60 * 60_000,
  6 * 60 * 60_000,
  12 * 60 * 60_000,
];

export interface SenderOptions {
  sql: SqlClient;
  mailer: Mailer;
  sms: SmsSender;
  compose: Composer;
  /** Holds the lease: of all replicas, only the holder sends. */
  leases: LeaseStore;
  clock: () => Date;
  logger: Logger;
  /** Delay before each further attempt; after the last, the delivery fails for good. */
  retryDelaysMs?: readonly number[];
  pollIntervalMs?: number;
  /** Messages handed to the transports at once. */
  concurrency?: number;
  leaseMs?: number;
  /** How often content older than PURGE_AFTER_MS is purged. */
  purgeIntervalMs?: number;
  /**
   * Keeps rendering to its share of a saturated event loop (see render-budget.ts); `false` when
   * the composer runs off the event loop (worker-composer.ts).
   */
  renderBudget?: RenderBudget | false;
  /** Where accepted sends wait for their record (see sent-journal.ts); in memory by default. */
  journal?: SentJournal;
}

export interface Sender {
  /** Looks for due deliveries now rather than at the next poll. */
  wake(): void;
  /** Sends everything due now; resolves when none is left (tests and tools). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export const LEASE_NAME = 'notification-sender';

/**
 * Sends pending deliveries while holding the lease. Each attempt is claimed in the database
 * before the transport is called (attempt count up, next attempt moved to the retry time), so a
 * crash mid-send leaves the delivery due again later rather than lost. A success is journaled the
 * moment the transport accepted the message, and the round's successes are recorded together in
 * one statement when the round ends; whatever the journal holds unrecorded is recorded before the
 * next claim, and a delivery recorded as sent is never claimed again. The one window
 * in which a message can go out twice is between the transport's acceptance and the journal
 * line: see docs/notifications.md.
 */
export function startSender(options: SenderOptions): Sender {
  const { sql, mailer, sms, compose, leases, clock, logger } = options;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const concurrency = options.concurrency ?? 8;
  const leaseMs = options.leaseMs ?? 10_000;
  const purgeIntervalMs = options.purgeIntervalMs ?? 60_000;
  const budget = options.renderBudget === false ? undefined : (options.renderBudget ?? new RenderBudget());
  const journal = options.journal ?? memorySentJournal();
  /** Records accepted sends in one statement, then lets the journal forget them. */
  async function recordSent(sent: readonly SentRecord[]): Promise<void> {
    await markSent(sql, sent);
    journal.settle(sent.map((r) => r.id));
  }
  let nextPurgeAt = 0;

  // attempts = the attempt being made; the delay before the next one, or undefined after the last.
  const delayAfter = (attempts: number): number | undefined => delays[attempts - 1];

  /** Sends one delivery; a message the transport accepted is returned, journaled, to be recorded. */
  async function attempt(delivery: Delivery): Promise<SentRecord | undefined> {
    let subject: string | null = null;
    try {
      const composed = await (budget ? budget.run(() => compose(delivery)) : compose(delivery)).catch(
        (error: unknown) => {
          // A composer that could not run (its worker stopped) says so; anything else is the
          // message itself, which will not render on the next attempt either.
          if (error instanceof DeliveryError) throw error;
          throw new DeliveryError(
            'permanent',
            `the message could not be rendered: ${(error as Error).message}`,
            {
              cause: error,
            },
          );
        },
      );
      let providerMessageId: string;
      if (composed.channel === 'email') {
        subject = composed.subject;
        ({ providerMessageId } = await mailer.send(composed.mail));
      } else {
        ({ providerMessageId } = await sms.send({
          to: delivery.recipient,
          text: composed.text,
          reference: delivery.id,
        }));
      }
      // From here on the message is out: it is journaled at once and recorded with the rest of
      // the round's sends; until then its claim keeps it from being due again.
      const record = { id: delivery.id, subject, providerMessageId, sentAt: clock() };
      journal.append(record);
      logger.info(
        { delivery: delivery.id, kind: delivery.kind, attempts: delivery.attempts },
        'message sent',
      );
      return record;
    } catch (caught) {
      const error =
        caught instanceof DeliveryError
          ? caught
          : new DeliveryError('transient', (caught as Error).message ?? String(caught), { cause: caught });
      const next = delayAfter(delivery.attempts);
      if (error.kind === 'permanent' || next === undefined) {
        const reason =
          error.kind === 'permanent'
            ? error.message
            : `gave up after ${delivery.attempts} attempts: ${error.message}`;
        await markFailed(sql, delivery.id, { subject, error: reason }, clock());
        logger.warn({ delivery: delivery.id, kind: delivery.kind, reason }, 'message failed');
      } else {
        const nextAttemptAt = new Date(clock().getTime() + next);
        await markRetry(sql, delivery.id, { subject, error: error.message, nextAttemptAt });
        logger.info(
          { delivery: delivery.id, kind: delivery.kind, reason: error.message, nextAttemptAt },
          'message will be retried',
        );
      }
    }
  }

  /** One round: claim a batch and send it; another follows at once if it claimed any. */
  async function round(): Promise<RoundOutcome> {
    const now = clock();
    if (now.getTime() >= nextPurgeAt) {
      nextPurgeAt = now.getTime() + purgeIntervalMs;
      const purged = await purgeContent(sql, new Date(now.getTime() - PURGE_AFTER_MS), now);
      if (purged > 0) logger.info({ purged }, 'message content purged');
    }
    // Sends the transports accepted but the database does not hold yet (a failed record, or the
    // journal of a process that was killed) are recorded before anything is claimed.
    const unrecorded = journal.unsettled();
    if (unrecorded.length > 0) {
      await recordSent(unrecorded);
      logger.info({ recorded: unrecorded.length }, 'recorded sends the transports had accepted earlier');
    }
    const due = await claimDue(sql, now, { delaysMs: delays, fallbackMs: leaseMs }, concurrency * 4);
    let next = 0;
    const sent: SentRecord[] = [];
    const worker = async () => {
      while (next < due.length) {
        const record = await attempt(due[next++]!);
        if (record) sent.push(record);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
    // The round's sends in one statement: a claim moved each one's next attempt past the round.
    // A failure leaves them in the journal, and the next round records them before claiming.
    if (sent.length > 0) {
      await recordSent(sent).catch((error: unknown) =>
        logger.warn(
          { err: error, unrecorded: sent.length },
          'sent messages not recorded yet; recording them next round',
        ),
      );
    }
    return due.length > 0 ? 'more' : 'none';
  }

  const leased = startLeasedWorker({
    name: LEASE_NAME,
    leases,
    leaseMs,
    round,
    onError: (error) => logger.error({ err: error }, 'sender round failed; retrying'),
    pollIntervalMs: options.pollIntervalMs ?? 500,
  });
  return { wake: leased.wake, drain: leased.drain, stop: leased.stop };
}
