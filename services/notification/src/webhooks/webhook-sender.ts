import { randomUUID } from 'node:crypto';
import {
  type AttemptingWorker,
  attemptingWorker,
  attemptOutcome,
  checkWebhookTarget,
  type Logger,
  nextAttemptAt,
  type Resolve,
  type RoundOutcome,
  retryAfterMs,
  type SqlClient,
  shouldDisableEndpoint,
  signingSecrets,
  startWorker,
  webhookHeaders,
} from '@risk-profile/platform';
import { recordEndpointDisabledAlerts } from './endpoint-disabled-alert';
import { type PostOutcome, postWebhook, WEBHOOK_TIMEOUT_MS, WebhookAgents } from './post-webhook';
import type { ClaimAsWritten } from './webhook-deliveries';
import { setEndpointState } from './webhook-endpoints';
import {
  type ClaimedWebhook,
  claimDueWebhooks,
  type Settlement,
  settleAttempt,
  settleDelivered,
  stillClaimed,
} from './webhook-queue';
import type { WebhookSecretBox } from './webhook-secret-box';

/** Tuning the tests and the benchmark set (NotificationOptions.webhooks). */
export interface WebhookSenderTuning {
  /**
   * Waits before attempts 2, 3, …, replacing the specification's schedule (platform's
   * WEBHOOK_RETRY_DELAYS_MS, with jitter and Retry-After); after the last, the delivery fails.
   */
  retryDelaysMs?: readonly number[];
  pollIntervalMs?: number;
  /** Attempts under way at once in this process. */
  concurrency?: number;
  /**
   * How long an attempt's claim lasts: what a crashed instance's attempt waits before it is made
   * again. Longer than `timeoutMs` and the wait to record a delivery (SETTLE_WAIT_MS), or an
   * attempt still under way or unrecorded is claimed again.
   */
  claimMs?: number;
  timeoutMs?: number;
}

export interface WebhookSenderOptions extends WebhookSenderTuning {
  sql: SqlClient;
  box: WebhookSecretBox;
  clock: () => Date;
  logger: Logger;
  allowInsecure: boolean;
  resolve?: Resolve;
  /** ADMIN_ALERT_EMAIL: who is emailed when an endpoint is disabled. */
  alertRecipients: readonly string[];
  /** An alert email was recorded: the mail sender looks now. */
  onAlertRecorded: () => void;
}

/**
 * `wake` looks in the table now for what is due; `take` attempts deliveries the consumer wrote
 * claimed under `claimAsWritten`; `drain` makes every due attempt now and resolves when none is
 * left (tests).
 */
export interface WebhookSender extends AttemptingWorker {
  claimAsWritten: ClaimAsWritten;
  take(claimed: readonly ClaimedWebhook[]): void;
}

// Longer than an attempt can take (its timeout), so a live attempt's claim never runs out.
const CLAIM_MARGIN_MS = 45_000;
/*
 * Delivered attempts are recorded together, at most this long after the first of them or once
 * this many wait: each recording is a commit, synced to disk on the embedded database's one
 * thread, and recording every round's few would cost more than the attempts themselves. A crash
 * meanwhile sends them again with the same id (at-least-once), as any crash mid-attempt does.
 */
const SETTLE_WAIT_MS = 250;
const SETTLE_BATCH = 100;

export const GONE_REASON = 'The receiver answered 410 Gone: it asked for no more deliveries.';
export const FAILING_REASON = 'Every delivery failed for 5 days.';

/**
 * Makes webhook attempts: claims due deliveries, checks each target again (a refusal is a failed
 * attempt, retried on the schedule), signs with the endpoint's current secrets and a fresh
 * timestamp, POSTs the stored bytes and settles the outcome. An endpoint answering 410, or failing
 * for 5 days, is disabled and the administrators emailed, in the transaction of the attempt.
 */
export function startWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { sql, clock, logger } = options;
  const instance = randomUUID();
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const claimMs = options.claimMs ?? timeoutMs + CLAIM_MARGIN_MS;
  const concurrency = options.concurrency ?? 4;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  let nextPoll = 0;
  const underway = new Map<string, Promise<void>>();
  const delivered: { endpointId: string; id: string; attempts: number; status: number }[] = [];
  const agents = new WebhookAgents();
  /** Deliveries written claimed by the consumer, each with the time its claim is still safe to use. */
  const handed: { claimed: ClaimedWebhook; until: number }[] = [];
  // The table is read for due deliveries on a wake (a retry's time, a resend, a delivery written
  // due behind an earlier one) and at every poll: not on every round, which a handed delivery
  // also starts.
  let lookInTable = true;
  let stopping = false;
  /** A drain (tests, tools) records what was delivered at once. */
  let flushing = false;
  /** Delivered attempts wait to be recorded (a timer is set), and whether their time has come. */
  let settleWaiting = false;
  let settleDue = false;

  const nextTry = (attempts: number, failedAt: Date, retryAfter: string | undefined): Date | null => {
    if (options.retryDelaysMs) {
      const delay = options.retryDelaysMs[attempts - 1];
      return delay === undefined ? null : new Date(failedAt.getTime() + delay);
    }
    return nextAttemptAt(attempts, failedAt, { retryAfterMs: retryAfterMs(retryAfter, failedAt) });
  };

  async function post(claimed: ClaimedWebhook, now: Date): Promise<PostOutcome> {
    const check = await checkWebhookTarget(claimed.endpoint.url, {
      allowInsecure: options.allowInsecure,
      resolve: options.resolve,
    });
    if (!check.ok) return { error: `target refused: ${check.message}` };
    const { endpoint } = claimed;
    const secret = options.box.open(endpoint.id, endpoint.secret_sealed);
    const previous =
      endpoint.previous_secret_sealed !== null && endpoint.secret_rotated_at !== null
        ? {
            secret: options.box.open(endpoint.id, endpoint.previous_secret_sealed),
            rotatedAt: new Date(endpoint.secret_rotated_at),
          }
        : undefined;
    const headers = webhookHeaders({
      id: claimed.id,
      timestamp: now,
      body: claimed.body,
      secret: signingSecrets({ secret, previous }, now),
    });
    return postWebhook(check.target, headers, claimed.body, timeoutMs, agents.for(check.target));
  }

  async function attempt(claimed: ClaimedWebhook): Promise<void> {
    const result = await post(claimed, clock()).catch((error: unknown) => ({
      error: (error as Error).message,
      status: undefined,
      retryAfter: undefined,
    }));
    const now = clock();
    const outcome = attemptOutcome(result.status);
    const status = result.status ?? null;
    const error = result.error ?? `HTTP ${status}`;
    const next = outcome === 'failed' ? nextTry(claimed.attempts, now, result.retryAfter) : null;
    const settlement: Settlement =
      outcome === 'delivered'
        ? { outcome, status: status ?? 200 }
        : next
          ? { outcome: 'retry', status, error, nextAttemptAt: next }
          : { outcome: 'failed', status, error };
    if (settlement.outcome === 'delivered') {
      // Recorded with the others delivered meanwhile, in one statement (SETTLE_WAIT_MS).
      const { endpointId, id, attempts } = claimed;
      delivered.push({ endpointId, id, attempts, status: settlement.status });
      if (!settleWaiting) {
        settleWaiting = true;
        setTimeout(() => {
          settleDue = true;
          worker.wake();
        }, SETTLE_WAIT_MS).unref();
      }
      return;
    }
    const alerted = await sql.transaction(async (tx) => {
      const failingSince = await settleAttempt(tx, claimed, instance, settlement, now);
      if (failingSince === undefined) return false;
      const reason =
        outcome === 'gone' ? GONE_REASON : shouldDisableEndpoint(failingSince, now) ? FAILING_REASON : null;
      if (reason === null) return false;
      const disabled = await setEndpointState(tx, claimed.endpointId, {
        state: 'disabled',
        reason,
        now,
        onlyIfActive: true,
      });
      if (!disabled) return false;
      logger.warn(
        { endpoint: claimed.endpointId, origin: new URL(disabled.url).origin, reason },
        'webhook endpoint disabled',
      );
      const alert = { endpointId: disabled.id, url: disabled.url, reason, disabledAt: now.toISOString() };
      return (await recordEndpointDisabledAlerts(tx, alert, options.alertRecipients, now)) > 0;
    });
    if (alerted) options.onAlertRecorded();
    logger.info(
      {
        endpoint: claimed.endpointId,
        delivery: claimed.id,
        attempts: claimed.attempts,
        status,
        settlement: settlement.outcome,
      },
      'webhook attempt',
    );
  }

  function begin(claimed: ClaimedWebhook): void {
    // With the attempt: a resend's attempt may start while the one before it is still under way.
    const key = `${claimed.endpointId}/${claimed.id}/${claimed.attempts}`;
    const settled = attempt(claimed)
      .catch((error: unknown) =>
        // Not recorded: the claim has it due again once it runs out.
        logger.error({ err: error, delivery: claimed.id }, 'webhook attempt not recorded'),
      )
      .finally(() => {
        underway.delete(key);
        // Half the places free (or all): rounds record and claim in groups, not one by one.
        if (concurrency - underway.size >= Math.ceil(concurrency / 2)) worker.wake();
      });
    underway.set(key, settled);
  }

  /**
   * Records the attempts delivered since the last recording once they are due to be (above), and
   * says whether it recorded any; kept for a later round if that fails.
   */
  async function recordDelivered(): Promise<boolean> {
    const due = stopping || flushing || settleDue || delivered.length >= SETTLE_BATCH;
    if (!due || delivered.length === 0) return false;
    [settleWaiting, settleDue] = [false, false];
    const batch = delivered.splice(0);
    try {
      await settleDelivered(sql, instance, batch);
    } catch (error) {
      delivered.unshift(...batch);
      [settleWaiting, settleDue] = [true, true];
      throw error;
    }
    for (const d of batch) logger.debug({ endpoint: d.endpointId, delivery: d.id }, 'webhook delivered');
    // A delivery written behind one of these (its assessment's next event) is due now.
    lookInTable = true;
    return batch.length > 0;
  }

  async function round(): Promise<RoundOutcome> {
    const recorded = await recordDelivered();
    let free = stopping ? 0 : concurrency - underway.size;
    let started = 0;
    const taken: ClaimedWebhook[] = [];
    while (taken.length < free && handed.length > 0) {
      const next = handed.shift()!;
      // Waited half its claim for a place: left to run out, and the table's next read takes it.
      if (next.until >= Date.now()) taken.push(next.claimed);
    }
    if (taken.length > 0) {
      // Erased, restricted, disabled or deleted since it was written: not sent.
      for (const claimed of await stillClaimed(sql, instance, taken)) begin(claimed);
      free -= taken.length;
      started += taken.length;
    }
    if (free > 0 && lookInTable) {
      lookInTable = false;
      const due = await claimDueWebhooks(sql, clock(), { by: instance, claimMs }, free);
      for (const claimed of due) begin(claimed);
      started += due.length;
    }
    return recorded || started > 0 ? 'more' : 'none';
  }

  const worker = startWorker({
    round: () => {
      if (Date.now() >= nextPoll) {
        nextPoll = Date.now() + pollIntervalMs;
        lookInTable = true;
      }
      return round();
    },
    onError: (error) => logger.error({ err: error }, 'webhook sender round failed; retrying'),
    pollIntervalMs,
  });
  const sender = attemptingWorker(worker, underway, {
    onStopping: () => {
      stopping = true;
    },
    onLastRoundFailed: (error) =>
      logger.warn({ err: error }, 'delivered webhooks not recorded at stop: they will be sent again'),
  });
  return {
    ...sender,
    wake() {
      lookInTable = true;
      worker.wake();
    },
    async drain() {
      lookInTable = true;
      flushing = true;
      try {
        // An attempt that ends as the last round finds nothing is recorded by one more.
        do await sender.drain();
        while (delivered.length > 0);
      } finally {
        flushing = false;
      }
    },
    claimAsWritten: { by: instance, claimMs },
    take(claimed) {
      // One that waited half its claim for a place is left to run out: the table's read takes it.
      const until = Date.now() + claimMs / 2;
      for (const one of claimed) handed.push({ claimed: one, until });
      worker.wake();
    },
    async stop() {
      await sender.stop();
      agents.close();
    },
  };
}
