import {
  type Logger,
  migrate,
  type PlatformDeps,
  type Resolve,
  type SessionVerifier,
  type Subscription,
  secretBox,
} from '@risk-profile/platform';
import type { Express } from 'express';
import type { NotificationConfig } from '../config';
import { mountCreateWebhook } from './create-webhook.route';
import { mountDeleteWebhook } from './delete-webhook.route';
import { mountListWebhookDeliveries } from './list-webhook-deliveries.route';
import { mountListWebhooks } from './list-webhooks.route';
import { mountResendWebhookDelivery } from './resend-webhook-delivery.route';
import { startReviewDueJob } from './review-due-job';
import { mountRotateWebhookSecret } from './rotate-webhook-secret.route';
import type { WebhookAdminDeps } from './webhook-admin';
import { subscribeWebhookConsumer } from './webhook-consumer';
import { WEBHOOK_SECRETS } from './webhook-secret-box';
import { startWebhookSender, type WebhookSender, type WebhookSenderTuning } from './webhook-sender';
import { mountWebhookState } from './webhook-state.route';
import { WEBHOOKS_MIGRATIONS } from './webhooks.migrations';

/** The webhooks' test and benchmark hooks (NotificationOptions.webhooks). */
export interface WebhookOptions extends WebhookSenderTuning {
  /** DNS for the target checks (tests); the system's resolver by default. */
  resolve?: Resolve;
  /** How often review.due looks over the records (REVIEW_DUE_INTERVAL_MS). */
  reviewDueIntervalMs?: number;
}

export interface WebhooksDeps {
  platform: PlatformDeps;
  config: NotificationConfig;
  sessions: SessionVerifier;
  logger: Logger;
  /** The site's public address, for the report links in assessment.signed. */
  publicUrl: () => string;
  /** An alert email was recorded: the mail sender looks now. */
  onMailRecorded: () => void;
  options?: WebhookOptions;
}

/**
 * Signed webhooks (docs/webhooks.md, ADR 0027), wired as one piece of the notification service:
 * its tables, the admin endpoints, the consumer that writes deliveries, the sender and the
 * review.due job.
 */
export async function createWebhooks(deps: WebhooksDeps) {
  const { platform, config, logger } = deps;
  const { sql, bus, clock } = platform;
  await migrate(sql, 'notification-webhooks', WEBHOOKS_MIGRATIONS);
  const box = secretBox(config.WEBHOOK_ENCRYPTION_KEY, WEBHOOK_SECRETS);
  const allowInsecure = config.WEBHOOK_ALLOW_INSECURE_TARGETS;
  const resolve = deps.options?.resolve;
  let sender: WebhookSender | undefined;
  let consumer: Subscription | undefined;
  let reviews: ReturnType<typeof startReviewDueJob> | undefined;
  const wake = () => sender?.wake();
  return {
    mount(app: Express): void {
      const admin: WebhookAdminDeps = {
        sql,
        sessions: deps.sessions,
        clock,
        logger,
        box,
        allowInsecure,
        resolve,
        onDue: wake,
      };
      for (const mount of [
        mountCreateWebhook,
        mountListWebhooks,
        mountWebhookState,
        mountDeleteWebhook,
        mountRotateWebhookSecret,
        mountListWebhookDeliveries,
        mountResendWebhookDelivery,
      ]) {
        mount(app, admin);
      }
    },
    async start(): Promise<void> {
      sender ??= startWebhookSender({
        sql,
        box,
        clock,
        logger,
        allowInsecure,
        resolve,
        alertRecipients: config.ADMIN_ALERT_EMAIL,
        onAlertRecorded: deps.onMailRecorded,
        ...deps.options,
      });
      reviews ??= startReviewDueJob({
        sql,
        clock,
        logger,
        reviewIntervalMonths: config.REVIEW_INTERVAL_MONTHS,
        intervalMs: deps.options?.reviewDueIntervalMs,
        onRecorded: wake,
      });
      consumer ??= await subscribeWebhookConsumer({
        sql,
        bus,
        clock,
        logger,
        publicUrl: deps.publicUrl,
        onRecorded: wake,
        claim: () => sender?.claimAsWritten,
        onClaimed: (claimed) => sender?.take(claimed),
      });
    },
    /** Sends what is due now and resolves when nothing is (tests). */
    drain: async () => sender?.drain(),
    async stop(): Promise<void> {
      await consumer?.stop();
      consumer = undefined;
      await reviews?.stop();
      reviews = undefined;
      await sender?.stop();
      sender = undefined;
    },
  };
}
