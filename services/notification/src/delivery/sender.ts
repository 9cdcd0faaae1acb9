import { randomUUID } from 'node:crypto';
import {
  type AttemptingWorker,
  attemptingWorker,
  type Logger,
  type RoundOutcome,
  type SqlClient,
  startWorker,
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
  renewClaims,
  type SentRecord,
  stillPending,
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

/**
 * The least wait before retrying a message whose transport had it whole but never answered (an
 * SMTP server silent past its timeout after the data). Such a server has most likely kept the
 * message, and one that is slow rather than gone is given time to deliver it (and recover)
 * before a second copy follows, with the same Message-ID; the usual backoff applies beyond it.
 */
export const RETRY_AFTER_TIMEOUT_MS = 15 * 60_000;

export interface SenderOptions {
  sql: SqlClient;
  mailer: Mailer;
  sms: SmsSender;
  compose: Composer;
  clock: () => Date;
  logger: Logger;
  /** Delay before each further attempt; after the last, the delivery fails for good. */
  retryDelaysMs?: readonly number[];
  /** The least delay after a failure that may have been accepted (RETRY_AFTER_TIMEOUT_MS). */
  retryAfterTimeoutMs?: number;
  pollIntervalMs?: number;
  /**
   * Messages with the transports at once in this process; each is claimed as a place among them
   * comes free. Every instance has its own.
   */
  concurrency?: number;
  /** How long a claim lasts unless renewed (CLAIM_MS); it is renewed every third of it. */
  claimMs?: number;
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

/** Looks for due deliveries on `wake`; `drain` sends everything due now (tests and tools). */
export type Sender = AttemptingWorker;

/**
 * How long a delivery's claim lasts unless its holder renews it: what a crashed instance's
 * deliveries wait, at most, before another instance takes them over. Long enough for a restart
 * (which records the killed run's journal first) to come back within it.
 */
export const CLAIM_MS = 60_000;

/**
 * Sends pending deliveries; any number of instances may run it on one database, each claiming
 * its own. Each attempt is claimed in the database before the transport is called (claimed for
 * this instance until an expiry, attempt count up, next attempt moved to the retry time), so a
 * crash mid-send leaves the delivery due again later rather than lost, and no other instance
 * takes it meanwhile. Up to `concurrency` attempts run at once, each on its own: a slow transport
 * reply holds its own place, and rounds go on claiming for the others. A success is journaled
 * the moment the transport accepted the message; each round first records whatever the journal
 * holds in one statement, then renews the claims on the sends under way and the journaled ones
 * (every third of CLAIM_MS), then claims, so none of them is claimed again however long it took.
 * A message can go out twice only where the transport's acceptance cannot be known (a crash
 * between the acceptance and the journal line, a reply that never came), or where a claim ran out
 * before its send was recorded: an instance paused longer than CLAIM_MS, or a killed one not
 * restarted within it (see docs/notifications.md).
 */
export function startSender(options: SenderOptions): Sender {
  const { sql, mailer, sms, compose, clock, logger } = options;
  /** This instance, as its claims name it: a new one on every start. */
  const instance = randomUUID();
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const retryAfterTimeoutMs = options.retryAfterTimeoutMs ?? RETRY_AFTER_TIMEOUT_MS;
  const concurrency = options.concurrency ?? 8;
  const claimMs = options.claimMs ?? CLAIM_MS;
  const claim = { by: instance, claimMs, delaysMs: delays, fallbackMs: claimMs };
  const purgeIntervalMs = options.purgeIntervalMs ?? 60_000;
  const budget = options.renderBudget === false ? undefined : (options.renderBudget ?? new RenderBudget());
  const journal = options.journal ?? memorySentJournal();
  /** Attempts claimed and not yet settled (journaled, retried or failed), by delivery id. */
  const underway = new Map<string, Promise<void>>();
  /** What the journal held at start: a killed process's accepted sends. */
  let recovered = journal.unsettled().length;
  let stopping = false;
  /** Records accepted sends in one statement, then lets the journal forget them. */
  async function recordSent(sent: readonly SentRecord[]): Promise<void> {
    await markSent(sql, sent);
    journal.settle(sent.map((r) => r.id));
  }
  let nextPurgeAt = 0;
  let nextRenewalAt = 0;

  // attempts = the attempt being made; the delay before the next one, or undefined after the last.
  const delayAfter = (attempts: number): number | undefined => delays[attempts - 1];

  /** Sends one delivery; a message the transport accepted is journaled, to be recorded next round. */
  async function attempt(delivery: Delivery): Promise<void> {
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
      // Rendering takes a while: a message whose client was erased (or its processing
      // restricted) meanwhile is not handed to the transport. Its row is settled already.
      if (!(await stillPending(sql, delivery.id))) {
        logger.info(
          { delivery: delivery.id, kind: delivery.kind },
          'message not sent: settled while it was rendered',
        );
        return;
      }
      let providerMessageId: string;
      const savedToOutbox = (composed.channel === 'email' ? mailer.outbox : sms.outbox) === true;
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
      // From here on the message is out: it is journaled at once, and the next round records it
      // before it claims anything.
      journal.append({ id: delivery.id, subject, providerMessageId, sentAt: clock(), savedToOutbox });
      logger.info(
        { delivery: delivery.id, kind: delivery.kind, attempts: delivery.attempts },
        'message sent',
      );
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
        await markFailed(sql, delivery.id, instance, { subject, error: reason }, clock());
        logger.warn({ delivery: delivery.id, kind: delivery.kind, reason }, 'message failed');
      } else {
        const wait = error.mayHaveBeenAccepted ? Math.max(next, retryAfterTimeoutMs) : next;
        const nextAttemptAt = new Date(clock().getTime() + wait);
        await markRetry(sql, delivery.id, instance, { subject, error: error.message, nextAttemptAt });
        logger.info(
          { delivery: delivery.id, kind: delivery.kind, reason: error.message, nextAttemptAt },
          'message will be retried',
        );
      }
    }
  }

  /** Starts an attempt beside the others; a place coming free wakes the loop to claim again. */
  function begin(delivery: Delivery): void {
    const settled = attempt(delivery)
      .catch((error: unknown) =>
        // Its retry or failure was not written: the claim has it due again at its retry time.
        logger.error({ err: error, delivery: delivery.id }, 'delivery attempt not recorded'),
      )
      .finally(() => {
        underway.delete(delivery.id);
        // Half the places free (or all): claims come in groups rather than one per message.
        if (concurrency - underway.size >= Math.ceil(concurrency / 2)) worker.wake();
      });
    underway.set(delivery.id, settled);
  }

  /** One round: record the journaled sends, then claim what the free places can take. */
  async function round(): Promise<RoundOutcome> {
    const now = clock();
    if (now.getTime() >= nextPurgeAt) {
      nextPurgeAt = now.getTime() + purgeIntervalMs;
      const purged = await purgeContent(sql, new Date(now.getTime() - PURGE_AFTER_MS), now);
      if (purged > 0) logger.info({ purged }, 'message content purged');
    }
    // Sends the transports accepted but the database does not hold yet are recorded before
    // anything is claimed, in one statement; one that fails leaves them for the next round.
    const unrecorded = journal.unsettled();
    if (unrecorded.length > 0) {
      await recordSent(unrecorded);
      if (recovered > 0) {
        logger.info({ recorded: recovered }, 'recorded sends the transports had accepted before a restart');
        recovered = 0;
      }
    }
    // Sends under way keep their claim however long the transport takes, and sends accepted
    // while the record above was written keep theirs until their own record.
    const held = [...underway.keys(), ...journal.unsettled().map((r) => r.id)];
    if (Date.now() >= nextRenewalAt && held.length > 0) {
      const lost = await renewClaims(sql, instance, held, claimMs);
      nextRenewalAt = Date.now() + claimMs / 3;
      if (lost.length > 0) {
        logger.warn(
          { deliveries: lost },
          'claims lost to another instance while their sends were under way: those messages may go out twice',
        );
      }
    }
    const free = stopping ? 0 : concurrency - underway.size;
    if (free <= 0) return 'none';
    const due = await claimDue(sql, now, claim, free, held);
    // Claims fresh from an idle instance need no renewal before a third of their length.
    if (held.length === 0 && due.length > 0) nextRenewalAt = Date.now() + claimMs / 3;
    for (const delivery of due) begin(delivery);
    return due.length > 0 ? 'more' : 'none';
  }

  const worker = startWorker({
    round,
    onError: (error) => logger.error({ err: error }, 'sender round failed; retrying'),
    pollIntervalMs: options.pollIntervalMs ?? 500,
  });
  // No more claims at a stop; the sends under way finish (rounds go on meanwhile, renewing their
  // claims), and their acceptances are recorded before the loop stops.
  return attemptingWorker(worker, underway, {
    onStopping: () => {
      stopping = true;
    },
    onLastRoundFailed: (error) =>
      logger.warn({ err: error }, 'sent messages not recorded at stop; the journal keeps them'),
  });
}
