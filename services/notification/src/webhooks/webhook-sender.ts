import { randomUUID } from 'node:crypto';
import {
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
import { type PostOutcome, postWebhook, WEBHOOK_TIMEOUT_MS } from './post-webhook';
import { setEndpointState } from './webhook-endpoints';
import { type ClaimedWebhook, claimDueWebhooks, type Settlement, settleAttempt } from './webhook-queue';
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
  /** How long an attempt's claim lasts: what a crashed instance's attempt waits before it is made again. */
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

export interface WebhookSender {
  wake(): void;
  /** Makes every due attempt now; resolves when none is left (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

// Longer than an attempt can take (its timeout), so a live attempt's claim never runs out.
const CLAIM_MARGIN_MS = 45_000;

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
  const underway = new Map<string, Promise<void>>();
  let stopping = false;

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
    return postWebhook(check.target, headers, claimed.body, timeoutMs);
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
      logger.warn({ endpoint: claimed.endpointId, url: disabled.url, reason }, 'webhook endpoint disabled');
      const alert = { endpointId: disabled.id, url: disabled.url, reason, disabledAt: now.toISOString() };
      return (await recordEndpointDisabledAlerts(tx, alert, options.alertRecipients, now)) > 0;
    });
    if (alerted) options.onAlertRecorded();
    logger[settlement.outcome === 'delivered' ? 'debug' : 'info'](
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
    const key = `${claimed.endpointId}/${claimed.id}`;
    const settled = attempt(claimed)
      .catch((error: unknown) =>
        // Not recorded: the claim has it due again once it runs out.
        logger.error({ err: error, delivery: claimed.id }, 'webhook attempt not recorded'),
      )
      .finally(() => {
        underway.delete(key);
        worker.wake();
      });
    underway.set(key, settled);
  }

  async function round(): Promise<RoundOutcome> {
    const free = stopping ? 0 : concurrency - underway.size;
    if (free <= 0) return 'none';
    const due = await claimDueWebhooks(sql, clock(), { by: instance, claimMs }, free);
    for (const claimed of due) begin(claimed);
    return due.length > 0 ? 'more' : 'none';
  }

  const worker = startWorker({
    round,
    onError: (error) => logger.error({ err: error }, 'webhook sender round failed; retrying'),
    pollIntervalMs: options.pollIntervalMs ?? 1000,
  });
  const settled = () => Promise.all(underway.values());
  return {
    wake: worker.wake,
    async drain() {
      for (;;) {
        await worker.drain();
        if (underway.size === 0) return;
        await settled();
      }
    },
    async stop() {
      stopping = true;
      await settled();
      await worker.stop();
    },
  };
}
